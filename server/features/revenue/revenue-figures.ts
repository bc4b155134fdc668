import { MRR_MOVEMENTS, REVENUE_MAX_MONTHS, type MrrMovement, type RevenueCohort, type RevenueFigures, type RevenueMonth, type RevenueRange, type TierMembers } from "../../../common/contracts/revenue";
import { PAID_TIERS, type PaidTier } from "../../../common/tiers";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { MonthDelta } from "./month-figures.sql";
import { monthOf, monthsBetween } from "./months";
import { allMonthDeltas } from "./rollups";
import { PAYING_STATES } from "./standing";

const DEFAULT_MONTHS = 12;
const SAVE_OFFER_KINDS = { save_offer_shown: "shown", save_offer_accepted: "accepted", save_offer_declined: "declined" } as const;

/** Every revenue figure for the months asked for, from the monthly deltas of the history. */
export async function revenueFigures(db: Database, range: RevenueRange, now = new Date()): Promise<RevenueFigures> {
  const { from, to } = resolveRange(range, now);
  const deltas = await allMonthDeltas(db, now);
  const byMonth = new Map<string, MonthDelta[]>();
  for (const delta of deltas) byMonth.set(delta.month, [...(byMonth.get(delta.month) ?? []), delta]);

  // Levels (MRR, members per state and tier, comps, cohorts' paying members) are the sums of every earlier month's deltas.
  const levels = new Map<string, number>();
  const level = (figure: string, key: string) => levels.get(`${figure}|${key}`) ?? 0;
  const add = (figure: string, key: string, value: number) => levels.set(`${figure}|${key}`, level(figure, key) + value);
  const paying = () => PAID_TIERS.reduce((sum, tier) => sum + PAYING_STATES.reduce((inner, state) => inner + level("members", `${state}:${tier}`), 0), 0);
  const firstMonth = [...byMonth.keys()].sort()[0] ?? from;
  const months: RevenueMonth[] = [];
  const cohortLevels = new Map<string, number[]>();
  const joined = new Map<string, number>();
  for (const month of monthsBetween(firstMonth < from ? firstMonth : from, to)) {
    const rows = byMonth.get(month) ?? [];
    const mrrStartCents = level("mrr", "");
    const payingStart = paying();
    for (const row of rows) {
      if (row.figure === "mrr") add("mrr", "", row.value);
      if (row.figure === "members" || row.figure === "comped" || row.figure === "cohort") add(row.figure, row.key, row.value);
    }
    const inRange = month >= from;
    if (inRange) months.push(monthFigures(month, rows, mrrStartCents, level("mrr", ""), payingStart, paying(), level));
    const newMembers = rows.find((row) => row.figure === "moves" && row.key === "new")?.value ?? 0;
    if (inRange && newMembers > 0) joined.set(month, newMembers);
    for (const cohort of joined.keys()) cohortLevels.set(cohort, [...(cohortLevels.get(cohort) ?? []), level("cohort", cohort)]);
  }
  const cohorts: RevenueCohort[] = [...joined].map(([month, size]) => ({ cohort: month.slice(0, 7), joined: size, stillPaying: (cohortLevels.get(month) ?? []).map((count) => count / size) }));
  return { from: from.slice(0, 7), to: to.slice(0, 7), months, cohorts };
}

function monthFigures(month: string, rows: MonthDelta[], mrrStartCents: number, mrrEndCents: number, payingStart: number, payingEnd: number, level: (figure: string, key: string) => number): RevenueMonth {
  const value = (figure: string, key: string) => rows.filter((row) => row.figure === figure && row.key === key).reduce((sum, row) => sum + row.value, 0);
  const movements = Object.fromEntries(MRR_MOVEMENTS.map((movement) => [movement, { cents: value("mrr", movement), members: value("moves", movement) }])) as Record<MrrMovement, { cents: number; members: number }>;
  const membersByTier = Object.fromEntries(
    PAID_TIERS.map((tier) => [tier, { paying: PAYING_STATES.reduce((sum, state) => sum + level("members", `${state}:${tier}`), 0), trialing: level("members", `trialing:${tier}`), paused: level("members", `paused:${tier}`), comped: level("comped", tier) } satisfies TierMembers]),
  ) as Record<PaidTier, TierMembers>;
  const trials = { started: value("trials", "trial_started"), converted: value("trials", "trial_converted"), ended: value("trials", "trial_ended") };
  const retention = rows.filter((row) => row.figure === "retention");
  const saveOffers = { shown: 0, accepted: 0, declined: 0 };
  const reasons = new Map<string, number>();
  for (const row of retention) {
    const [kind, reason = ""] = splitOnce(row.key);
    if (kind in SAVE_OFFER_KINDS) saveOffers[SAVE_OFFER_KINDS[kind as keyof typeof SAVE_OFFER_KINDS]] += row.value;
    else reasons.set(reason || "No reason given", (reasons.get(reason || "No reason given") ?? 0) + row.value);
  }
  return {
    month: month.slice(0, 7),
    mrrStartCents,
    mrrEndCents,
    movements,
    payingStart,
    payingEnd,
    churnRate: payingStart > 0 ? movements.churn.members / payingStart : null,
    membersByTier,
    trials: { ...trials, conversionRate: trials.converted + trials.ended > 0 ? trials.converted / (trials.converted + trials.ended) : null },
    coupons: rows.filter((row) => row.figure === "coupons").map((row) => ({ code: row.key, uses: row.value })).sort((a, b) => b.uses - a.uses || a.code.localeCompare(b.code)),
    saveOffers,
    cancelReasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}

function splitOnce(key: string): [string, string] {
  const at = key.indexOf(":");
  return at < 0 ? [key, ""] : [key.slice(0, at), key.slice(at + 1)];
}

/** The range as first days of months; by default the twelve months up to this one. */
function resolveRange(range: RevenueRange, now: Date): { from: string; to: string } {
  const to = range.to ? `${range.to}-01` : monthOf(now);
  const toDate = new Date(`${to}T00:00:00Z`);
  const from = range.from ? `${range.from}-01` : monthOf(new Date(Date.UTC(toDate.getUTCFullYear(), toDate.getUTCMonth() - (DEFAULT_MONTHS - 1), 1)));
  if (monthsBetween(from, to).length > REVENUE_MAX_MONTHS) throw new AppError("BAD_REQUEST", `Choose at most ${REVENUE_MAX_MONTHS} months.`);
  return { from, to };
}
