import { Link } from "react-router";
import { LightbulbIcon } from "../../../components/ui/first-load-icons";
import { SITE_NAME } from "../../../lib/brand";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";

type SiteLogoProps = { tone?: "dark" | "light"; compact?: boolean; className?: string; onNavigate?: () => void; name?: string };

/** The product mark and name (or the community's name, inside the members and admin areas), linking home. */
export function SiteLogo({ tone = "dark", compact = false, className, onNavigate, name = SITE_NAME }: SiteLogoProps) {
  return (
    <Link to={paths.home} onClick={onNavigate} className={cn("flex items-center gap-2.5 rounded-md", className)}>
      <span
        className={cn(
          "inline-flex size-9 shrink-0 items-center justify-center rounded-lg",
          tone === "dark" ? "bg-primary text-accent" : "bg-accent text-primary",
        )}
      >
        <LightbulbIcon className="size-5" aria-hidden />
      </span>
      <span className={cn("leading-tight font-bold tracking-tight", compact ? "text-sm" : "text-base", tone === "dark" ? "text-ink" : "text-white")}>
        {name}
      </span>
    </Link>
  );
}
