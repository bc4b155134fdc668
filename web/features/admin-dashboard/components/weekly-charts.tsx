import type { ReactNode } from "react";
import type { AdminStats } from "../../../../common/contracts/users";
import { PLANS, TIERS, type Tier } from "../../../../common/tiers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { barPercent, weekLabel, weekLongLabel } from "../format";

type Weeks = AdminStats["weeks"];

const TIER_COLOURS: Record<Tier, string> = {
  free: "bg-navy-200",
  inventor: "bg-navy-400",
  entrepreneur: "bg-navy-700",
  "brand-ceo": "bg-brass-400",
};

type ChartCardProps = { title: string; description: string; max: number; weeks: Weeks; legend?: ReactNode; bars: ReactNode; table: ReactNode };

/**
 * A hand-drawn bar chart: the bars are decoration for sighted readers, the same numbers are in a
 * table for screen readers (the figure's only accessible content besides its caption).
 */
function ChartCard({ title, description, max, weeks, legend, bars, table }: ChartCardProps) {
  return (
    <Card>
      <figure>
        <CardHeader>
          <figcaption className="grid gap-1">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </figcaption>
        </CardHeader>
        <CardContent className="grid gap-3">
          {legend}
          <div aria-hidden className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
            <div className="flex h-44 flex-col justify-between text-right text-[11px] leading-none text-muted tabular-nums">
              <span>{max.toLocaleString("en-US")}</span>
              <span>0</span>
            </div>
            <div className="relative flex h-44 items-end gap-1 border-b border-border sm:gap-2">
              <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-border" />
              <div className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed border-border/70" />
              {bars}
            </div>
            <div />
            <div className="mt-1.5 flex gap-1 sm:gap-2">
              {weeks.map((week) => {
                const { month, day } = weekLabel(week.week);
                return (
                  <span key={week.week} className="grid flex-1 text-center text-[10px] leading-tight text-muted sm:text-[11px]">
                    <span>{month}</span>
                    <span className="font-medium text-ink">{day}</span>
                  </span>
                );
              })}
            </div>
          </div>
          {/* The wrapper clips: a table ignores the 1px width sr-only gives it. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              {table}
            </table>
          </div>
        </CardContent>
      </figure>
    </Card>
  );
}

/** Accounts created per week over the last 12 weeks. */
export function SignUpsChart({ weeks }: { weeks: Weeks }) {
  const max = Math.max(0, ...weeks.map((week) => week.signUps));
  return (
    <ChartCard
      title="Sign-ups per week"
      description="New accounts in each of the last 12 weeks."
      max={max}
      weeks={weeks}
      bars={weeks.map((week) => (
        <div key={week.week} className="flex h-full flex-1 flex-col items-center justify-end gap-1" title={`${weekLongLabel(week.week)}: ${week.signUps}`}>
          {week.signUps > 0 ? <span className="text-[10px] font-semibold text-ink tabular-nums sm:text-[11px]">{week.signUps}</span> : null}
          <div className="w-full max-w-8 rounded-t-sm bg-navy-600" style={{ height: `${barPercent(week.signUps, max)}%` }} />
        </div>
      ))}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">Sign-ups</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{weekLongLabel(week.week)}</th>
                <td>{week.signUps}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

const totalOf = (week: Weeks[number]) => TIERS.reduce((sum, tier) => sum + week.membersByTier[tier], 0);

/** Accounts at each week's end, stacked by tier. */
export function MembersByTierChart({ weeks }: { weeks: Weeks }) {
  const max = Math.max(0, ...weeks.map(totalOf));
  return (
    <ChartCard
      title="Members per tier"
      description="All accounts at the end of each of the last 12 weeks, by their tier today."
      max={max}
      weeks={weeks}
      legend={
        <ul aria-hidden className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {TIERS.map((tier) => (
            <li key={tier} className="inline-flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", TIER_COLOURS[tier])} />
              {PLANS[tier].name}
            </li>
          ))}
        </ul>
      }
      bars={weeks.map((week) => (
        <div
          key={week.week}
          className="flex h-full flex-1 flex-col items-center justify-end"
          title={`${weekLongLabel(week.week)}: ${TIERS.map((tier) => `${PLANS[tier].name} ${week.membersByTier[tier]}`).join(", ")}`}
        >
          <div className="flex w-full max-w-8 flex-col-reverse overflow-hidden rounded-t-sm" style={{ height: `${barPercent(totalOf(week), max)}%` }}>
            {TIERS.map((tier) => (
              <div key={tier} className={TIER_COLOURS[tier]} style={{ height: `${barPercent(week.membersByTier[tier], totalOf(week))}%` }} />
            ))}
          </div>
        </div>
      ))}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {TIERS.map((tier) => (
                <th key={tier} scope="col">
                  {PLANS[tier].name}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{weekLongLabel(week.week)}</th>
                {TIERS.map((tier) => (
                  <td key={tier}>{week.membersByTier[tier]}</td>
                ))}
                <td>{totalOf(week)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
