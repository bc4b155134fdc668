import { Outlet } from "react-router";
import { SiteFooter } from "../../features/site/components/site-footer";
import { SiteHeader } from "../../features/site/components/site-header";

/** Public pages: header, page, footer. */
export function MarketingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
