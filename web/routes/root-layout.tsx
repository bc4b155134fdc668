import { Outlet, ScrollRestoration } from "react-router";
import { AuthModalProvider } from "../features/auth/components/auth-modal-provider";

/** Root of every page: the log-in / sign-up modal is available everywhere below it. */
export function RootLayout() {
  return (
    <AuthModalProvider>
      <Outlet />
      <ScrollRestoration />
    </AuthModalProvider>
  );
}
