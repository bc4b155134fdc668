import { lazy, Suspense, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "../../../components/ui/first-load-icons";
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

// The menu panel loads when first opened (prefetched as the pointer or focus reaches the button).
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);

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
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={navLinkClass}>
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
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => setOpenOnPath(isMenuOpen ? null : location.pathname)}
        >
          {isMenuOpen ? <CloseIcon className="size-6" aria-hidden /> : <MenuIcon className="size-6" aria-hidden />}
        </Button>
      </div>
      {isMenuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu id={MOBILE_MENU_ID} items={items} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
