import { Outlet } from "react-router";
import { FarewellNotice } from "../../features/account-data/components/farewell-notice";
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
      <FarewellNotice />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {/* In the first script: every public page shows it, so a chunk of its own only cost a request. */}
      <SiteFooter />
    </div>
  );
}
