import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

type PageBannerProps = {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** Shown beside the text on wide screens (an illustration or a card). */
  aside?: ReactNode;
  className?: string;
};

/** The dark banner at the top of every public page, holding the page's one h1. */
export function PageBanner({ eyebrow, title, lead, actions, aside, className }: PageBannerProps) {
  return (
    <section className={cn("relative overflow-hidden bg-navy-950 text-white", className)}>
      <div
        className="banner-glow pointer-events-none absolute inset-0 opacity-35"
        aria-hidden
      />
      <div
        className={cn(
          "relative mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-18 lg:px-8",
          aside ? "lg:grid-cols-[1.2fr_1fr] lg:items-center" : "",
        )}
      >
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wider text-brass-300 uppercase">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {lead ? <div className="mt-5 max-w-2xl text-lg text-navy-200">{lead}</div> : null}
          {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div> : null}
        </div>
        {aside ? <div className="hidden lg:block">{aside}</div> : null}
      </div>
    </section>
  );
}
