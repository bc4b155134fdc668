import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** One month's change of one figure: `figure`/`key` name it, `value` is what the month added. */
export interface MonthDelta {
  month: string;
  figure: string;
  key: string;
  value: number;
}

/**
 * What each month in [from, to) added to every figure, summed from the events by the database:
 * - mrr / moves: MRR cents and members per movement (new, expansion, contraction, churn, reactivation, paused, resumed)
 * - members: members entering (+1) and leaving (−1) each `state:tier`
 * - comped: comps granted (+1) and ended (−1) per tier
 * - trials: trial_started, trial_converted, trial_ended
 * - coupons: subscriptions started with each code
 * - retention: save offers shown / accepted / declined (per offer), cancellation reasons (per reason)
 * - cohort: members of each cohort (first paid month) who started (+1) or stopped (−1) paying
 * Every figure is such a sum, so a month's level is the sum of its own and all earlier months' deltas.
 */
export async function monthDeltas(db: Database, from: Date, to: Date): Promise<MonthDelta[]> {
  const result = (await db.execute(sql`
    with e as (
      select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-01') as month, kind, state_before, state_after, tier_before, tier_after,
             mrr_before_cents, mrr_after_cents, movement, cohort_month, coupon_code, reason
      from subscription_events
      where occurred_at >= ${from.toISOString()}::timestamptz and occurred_at < ${to.toISOString()}::timestamptz
    )
    select month, 'mrr' as figure, movement as key, sum(mrr_after_cents - mrr_before_cents) as value from e where movement is not null group by 1, 3
    union all select month, 'moves', movement, count(*) from e where movement is not null group by 1, 3
    union all select month, 'members', state_before || ':' || coalesce(tier_before, ''), -count(*) from e where state_before is not null group by 1, 3
    union all select month, 'members', state_after || ':' || coalesce(tier_after, ''), count(*) from e where state_after is not null group by 1, 3
    union all select month, 'comped', tier_after, count(*) from e where kind = 'comp_granted' group by 1, 3
    union all select month, 'comped', tier_before, -count(*) from e where kind = 'comp_ended' group by 1, 3
    union all select month, 'trials', kind, count(*) from e where kind in ('trial_started', 'trial_converted', 'trial_ended') group by 1, 3
    union all select month, 'coupons', coupon_code, count(*) from e where coupon_code is not null group by 1, 3
    union all select month, 'retention', kind || ':' || coalesce(reason, ''), count(*) from e where kind in ('save_offer_shown', 'save_offer_accepted', 'save_offer_declined', 'cancel_reason') group by 1, 3
    union all select month, 'cohort', to_char(cohort_month, 'YYYY-MM-01'), sum((mrr_after_cents > 0)::int - (mrr_before_cents > 0)::int)
      from e where cohort_month is not null and (mrr_after_cents > 0) <> (mrr_before_cents > 0) group by 1, 3`)) as unknown as {
    rows: Array<{ month: string; figure: string; key: string; value: string | number }>;
  };
  return result.rows.map((row) => ({ month: row.month, figure: row.figure, key: row.key, value: Number(row.value) }));
}
