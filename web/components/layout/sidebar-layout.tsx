import { useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Menu, X } from "lucide-react";
import { cn } from "../../lib/cn";

type SidebarLayoutProps = {
  /** Accessible name of the sidebar, e.g. "Members navigation". */
  label: string;
  /** Shown in the phone top bar beside the menu button. */
  topBar: ReactNode;
  /** Sidebar content; call `close` from links and buttons so the drawer shuts on phones. */
  sidebar: (close: () => void) => ReactNode;
  children: ReactNode;
};

const SIDEBAR_ID = "app-sidebar";

/** Two-column app shell: a fixed sidebar on wide screens, a drawer behind a menu button on phones. */
export function SidebarLayout({ label, topBar, sidebar, children }: SidebarLayoutProps) {
  const location = useLocation();
  // The drawer belongs to the page it was opened on: navigating anywhere closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const isOpen = openOnPath === location.pathname;
  const close = () => setOpenOnPath(null);
  const drawerCloseButton = useRef<HTMLButtonElement>(null);
  const toggle = () => {
    if (isOpen) return close();
    setOpenOnPath(location.pathname);
    // Move focus into the drawer once it is shown, so keyboard users land in the menu.
    requestAnimationFrame(() => drawerCloseButton.current?.focus());
  };

  return (
    <div className="min-h-dvh bg-background lg:flex">
      <div className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 bg-primary px-4 text-white shadow-sm lg:hidden">
        {topBar}
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10"
          aria-expanded={isOpen}
          aria-controls={SIDEBAR_ID}
          aria-label={isOpen ? "Close menu" : "Open menu"}
          onClick={toggle}
        >
          {isOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>

      {isOpen ? <div className="fixed inset-0 z-40 bg-navy-950/60 lg:hidden" aria-hidden onClick={close} /> : null}

      {/* On wide screens this column paints the sidebar's colour down the whole page; the sidebar itself stays in view. */}
      <div className="lg:w-72 lg:shrink-0 lg:bg-primary">
        <aside
          id={SIDEBAR_ID}
          aria-label={label}
          className={cn(
            "fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] flex-col overflow-y-auto bg-primary text-navy-100 shadow-pop lg:sticky lg:top-0 lg:z-auto lg:flex lg:h-dvh lg:w-72 lg:shadow-none",
            isOpen ? "flex" : "hidden",
          )}
          onKeyDown={(event) => {
            if (event.key === "Escape") close();
          }}
        >
          <button
            ref={drawerCloseButton}
            type="button"
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-navy-200 hover:bg-white/10 hover:text-white lg:hidden"
            aria-label="Close menu"
            onClick={close}
          >
            <X className="size-5" aria-hidden />
          </button>
          {sidebar(close)}
        </aside>
      </div>

      <main className="min-w-0 flex-1">{children}</main>
    </div>
  );
}
