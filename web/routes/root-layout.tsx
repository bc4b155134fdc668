import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { ErrorBoundary } from "../components/layout/error-boundary";
import { ScrollManager } from "../components/layout/scroll-manager";
import { AuthModalProvider } from "../features/auth/components/auth-modal-provider";
import { useHydrated } from "../lib/use-hydrated";

const RouteErrorPage = lazy(() => import("./route-error-page"));
// Its own chunk, loaded after the page: the service worker's registration is no part of the first paint.
const UpdatePrompt = lazy(() => import("../features/app-install/components/update-prompt"));

/** Last resort when even the error page cannot load (offline, or a deploy removed the old files). */
function PlainError() {
  return (
    <main className="p-8">
      <h1>
        Something went wrong. <a href="/">Reload the site</a>
      </h1>
    </main>
  );
}

/** Root of every page: the log-in / sign-up modal is available everywhere below it. */
export function RootLayout() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  return (
    <AuthModalProvider>
      <ErrorBoundary
        resetKey={pathname}
        fallback={(error) => (
          <ErrorBoundary resetKey={pathname} fallback={() => <PlainError />}>
            <Suspense fallback={null}>
              <RouteErrorPage error={error} />
            </Suspense>
          </ErrorBoundary>
        )}
      >
        <Outlet />
      </ErrorBoundary>
      <ScrollManager />
      {hydrated && import.meta.env.PROD && "serviceWorker" in navigator ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </AuthModalProvider>
  );
}
