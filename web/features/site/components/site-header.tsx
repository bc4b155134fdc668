import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { Menu, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { useViewer } from "../../session/api";
import { headerNavItems } from "../nav-items";
import { HeaderAuthActions } from "./header-auth-actions";
import { SiteLogo } from "./site-logo";

const MOBILE_MENU_ID = "site-mobile-menu";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-2.5 py-2 text-sm font-medium transition-colors",
    isActive ? "text-navy-900" : "text-muted hover:bg-navy-50 hover:text-ink",
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-md px-3 py-3 text-base font-medium transition-colors",
    isActive ? "bg-navy-50 text-navy-900" : "text-ink hover:bg-navy-50",
  );
}

/** Sticky site header with the spec's navigation and a working mobile menu. */
export function SiteHeader() {
  const viewer = useViewer();
  const location = useLocation();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const isMenuOpen = openOnPath === location.pathname;
  const items = headerNavItems(viewer.data);
  const closeMenu = () => setOpenOnPath(null);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <SiteLogo onNavigate={closeMenu} className="mr-auto xl:mr-0" />
        <nav aria-label="Main" className="mx-auto hidden items-center gap-0.5 xl:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <HeaderAuthActions className="hidden xl:flex" />
        <Button
          variant="ghost"
          size="icon"
          className="xl:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={isMenuOpen ? "Close menu" : "Open menu"}
          onClick={() => setOpenOnPath(isMenuOpen ? null : location.pathname)}
        >
          {isMenuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </Button>
      </div>
      {isMenuOpen ? (
        <div
          id={MOBILE_MENU_ID}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-surface px-4 pt-3 pb-6 shadow-pop xl:hidden"
          onKeyDown={(event) => {
            if (event.key === "Escape") closeMenu();
          }}
        >
          <nav aria-label="Mobile">
            <ul className="grid gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={mobileLinkClass} onClick={closeMenu}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <HeaderAuthActions stacked className="mt-4 border-t border-border pt-4" onAction={closeMenu} />
        </div>
      ) : null}
    </header>
  );
}
