import { lazy, Suspense, type ReactNode } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { PageSpinner } from "./components/ui/spinner";
import { AdminGuard } from "./features/session/components/admin-guard";
import { MembersGuard } from "./features/session/components/members-guard";
import { paths } from "./lib/paths";
import { CheckoutPage } from "./routes/marketing/checkout-page";
import { homeLoader } from "./routes/marketing/home-loader";
import { HomePage } from "./routes/marketing/home-page";
import { InfoPage } from "./routes/marketing/info-page";
import { INFO_PAGES } from "./routes/marketing/info-pages";
import { MarketingLayout } from "./routes/marketing/marketing-layout";
import { RootLayout } from "./routes/root-layout";
import { RouteErrorPage } from "./routes/route-error-page";

// Each area is its own chunk, so the home page's first script carries none of them.
const MembersArea = lazy(() => import("./routes/members/members-area"));
const AdminArea = lazy(() => import("./routes/admin/admin-area"));
const ResetPasswordPage = lazy(() => import("./routes/auth/reset-password-page"));
const AuthCallbackPage = lazy(() => import("./routes/auth/auth-callback-page"));
const TestLoginPage = lazy(() => import("./routes/auth/test-login-page"));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/** Route table of spec 001 §2.1; every other path redirects to /. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Only the home loader can hold the first render, for one same-origin session read.
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { path: paths.home, element: <HomePage />, loader: homeLoader },
          ...INFO_PAGES.map((page) => ({ path: page.path, element: <InfoPage page={page} /> })),
          { path: "/checkout/:plan", element: <CheckoutPage /> },
          { path: paths.resetPassword, element: <Lazy><ResetPasswordPage /></Lazy> },
          { path: paths.authCallback, element: <Lazy><AuthCallbackPage /></Lazy> },
          { path: paths.testLogin, element: <Lazy><TestLoginPage /></Lazy> },
        ],
      },
      {
        path: `${paths.members.root}/*`,
        element: (
          <MembersGuard>
            <Lazy>
              <MembersArea />
            </Lazy>
          </MembersGuard>
        ),
      },
      {
        path: `${paths.admin.root}/*`,
        element: (
          <AdminGuard>
            <Lazy>
              <AdminArea />
            </Lazy>
          </AdminGuard>
        ),
      },
      { path: "*", element: <Navigate to={paths.home} replace /> },
    ],
  },
]);
