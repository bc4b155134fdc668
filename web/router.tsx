import { lazy, Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import { usePublicConfig } from "./features/config/api";
import { paths } from "./lib/paths";
import { HomePage } from "./routes/marketing/home-page";
import { MarketingLayout } from "./routes/marketing/marketing-layout";
import { RootLayout } from "./routes/root-layout";

// Only the home page ships in the first script. Every other public page is reached through one
// lazily loaded route table (routes/marketing/marketing-routes.tsx), and each area is its own chunk.
// Declarative routes (not createBrowserRouter): the data router alone would add ~17 kB gzipped to
// the home page's first load, and no page needs loaders or actions.
const MarketingRoutes = lazy(() => import("./routes/marketing/marketing-routes"));
const MembersArea = lazy(() => import("./routes/members/members-area"));
const AdminArea = lazy(() => import("./routes/admin/admin-area"));
// Lazy too: the configuration error page's billing texts bring zod with them.
const StripeConfigErrorPage = lazy(() => import("./routes/stripe-config-error-page").then((module) => ({ default: module.StripeConfigErrorPage })));

/** While an area's code loads (usually a blink): an empty area the page's height, not a flashing spinner. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>{children}</Suspense>;
}

/**
 * Route table of spec 001 §2.1 plus /inventors and the course pages; every other path redirects to /.
 * When the payment provider cannot be initialized, every route shows the configuration error page.
 */
export function AppRoutes() {
  const config = usePublicConfig();
  if (config.data?.billing.configurationError) {
    return (
      <Suspense fallback={null}>
        <StripeConfigErrorPage />
      </Suspense>
    );
  }
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<MarketingLayout />}>
          <Route path={paths.home} element={<HomePage />} />
          <Route
            path="*"
            element={
              <Lazy>
                <MarketingRoutes />
              </Lazy>
            }
          />
        </Route>
        <Route
          path={`${paths.members.root}/*`}
          element={
            <Lazy>
              <MembersArea />
            </Lazy>
          }
        />
        <Route
          path={`${paths.admin.root}/*`}
          element={
            <Lazy>
              <AdminArea />
            </Lazy>
          }
        />
      </Route>
    </Routes>
  );
}
