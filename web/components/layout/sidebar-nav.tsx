import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn";

export type SidebarLink = { to: string; label: string; icon: LucideIcon; end?: boolean; /** After the label, e.g. an unread count. */ badge?: ReactNode };

type SidebarNavProps = { label: string; links: SidebarLink[]; onNavigate: () => void };

/** Vertical navigation of an app sidebar, highlighting the current page. */
export function SidebarNav({ label, links, onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end ?? false}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors",
                  isActive ? "bg-white/10 text-white" : "text-navy-200 hover:bg-white/5 hover:text-white",
                )
              }
            >
              <link.icon className="size-4.5 shrink-0" aria-hidden />
              {link.label}
              {link.badge}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
