import type { LucideIcon } from "lucide-react";
import { cn } from "../../../lib/cn";

export type Stat = { key: string; label: string; value: number; icon: LucideIcon; hint?: string; tone?: "navy" | "brass" | "danger" | "success" };

const TONES = {
  navy: "bg-navy-50 text-navy-700",
  brass: "bg-brass-100 text-brass-700",
  danger: "bg-danger-soft text-danger",
  success: "bg-success-soft text-success",
} as const;

/** A row of numbers with their names; two per row on phones, four on wide screens. */
export function StatGrid({ label, stats }: { label: string; stats: Stat[] }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {stats.map(({ key, label: name, value, icon: Icon, hint, tone = "navy" }) => (
          <div key={key} data-testid={`stat-${key}`} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5">
            <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted">
              {name}
              <span className={cn("inline-flex size-8 shrink-0 items-center justify-center rounded-lg", TONES[tone])}>
                <Icon className="size-4" aria-hidden />
              </span>
            </dt>
            <dd className="grid gap-0.5">
              <span className="text-2xl font-bold tracking-tight text-ink tabular-nums sm:text-3xl">{value.toLocaleString("en-US")}</span>
              {hint ? <span className="text-xs text-muted">{hint}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
