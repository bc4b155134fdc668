import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

type SectionProps = {
  id?: string;
  /** Background: the page's (plain), white (surface) or a soft navy tint. */
  tone?: "plain" | "surface" | "tint";
  /** Id of the heading that names this section (SectionHeading's `id`). */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
};

const tones = { plain: "", surface: "border-y border-border bg-surface", tint: "bg-navy-50" } as const;

/** A full-width band of a public page with the standard content column. */
export function Section({ id, tone = "plain", labelledBy, className, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn("scroll-mt-20", tones[tone])}>
      <div className={cn("mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-18 lg:px-8", className)}>{children}</div>
    </section>
  );
}

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: "left" | "center";
  className?: string;
};

/** Eyebrow, h2 and lead of a section. */
export function SectionHeading({ id, eyebrow, title, lead, align = "left", className }: SectionHeadingProps) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wider text-brass-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
        {title}
      </h2>
      {lead ? <div className="mt-4 text-lg text-muted">{lead}</div> : null}
    </div>
  );
}
