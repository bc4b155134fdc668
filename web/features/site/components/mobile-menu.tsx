import { NavLink } from "react-router";
import { cn } from "../../../lib/cn";
import type { NavItem } from "../nav-items";
import { HeaderAuthActions } from "./header-auth-actions";

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-md px-3 py-3 text-base font-medium transition-colors",
    isActive ? "bg-navy-50 text-navy-900" : "text-ink hover:bg-navy-50",
  );
}

type MobileMenuProps = { id: string; items: NavItem[]; onClose: () => void };

/** The header's menu panel below the xl breakpoint; Escape closes it. */
export default function MobileMenu({ id, items, onClose }: MobileMenuProps) {
  return (
    <div
      id={id}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-surface px-4 pt-3 pb-6 shadow-pop xl:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <nav aria-label="Mobile">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={mobileLinkClass} onClick={onClose}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <HeaderAuthActions stacked className="mt-4 border-t border-border pt-4" onAction={onClose} />
    </div>
  );
}
