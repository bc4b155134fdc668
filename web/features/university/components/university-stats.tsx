import { Lock } from "lucide-react";
import { UNIVERSITY_STATS, type UniversityStat } from "../../../../common/marketing/courses";
import { cn } from "../../../lib/cn";

type Access = "full" | "limited" | "none";

function StatList({ stats }: { stats: UniversityStat[] }) {
  return (
    <dl className="mt-5 grid grid-cols-2 gap-4">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-lg bg-background p-4">
          <dt className="text-sm text-muted">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-extrabold tracking-tight text-ink">
            {stat.value === "locked" ? (
              <span className="inline-flex items-center gap-1.5 text-lg font-semibold text-muted">
                <Lock className="size-4" aria-hidden />
                Locked
              </span>
            ) : (
              stat.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The spec's per-tier counts, side by side, with the viewer's own plan marked. */
export function UniversityStats({ access }: { access: Access | undefined }) {
  const plans = [
    { id: "limited", title: "Inventor plan", stats: UNIVERSITY_STATS.limited, isYours: access === "limited" },
    { id: "full", title: "Entrepreneur and Brand CEO plans", stats: UNIVERSITY_STATS.full, isYours: access === "full" },
  ];
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {plans.map((plan) => (
        <section
          key={plan.id}
          aria-label={plan.title}
          data-testid={`university-stats-${plan.id}`}
          className={cn("rounded-xl border bg-surface p-6 shadow-card", plan.isYours ? "border-navy-700 ring-2 ring-navy-700" : "border-border")}
        >
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-semibold text-ink">{plan.title}</h3>
            {plan.isYours ? <span className="rounded-full bg-navy-800 px-2.5 py-0.5 text-xs font-semibold text-white">Your plan</span> : null}
          </div>
          <StatList stats={plan.stats} />
        </section>
      ))}
    </div>
  );
}
