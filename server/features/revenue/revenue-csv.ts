import type { RevenueExport, RevenueFigures } from "../../../common/contracts/revenue";
import { MRR_MOVEMENTS } from "../../../common/contracts/revenue";
import { PAID_TIERS } from "../../../common/tiers";

type Cell = string | number | null;

/** One figure as CSV rows: a header, then one row per month (or per cohort). Amounts in dollars with cents. */
export function revenueCsv(figures: RevenueFigures, figure: RevenueExport): string {
  return toCsv(tableOf(figures, figure));
}

function tableOf(figures: RevenueFigures, figure: RevenueExport): Cell[][] {
  const { months } = figures;
  switch (figure) {
    case "mrr":
      return [["month", "mrr_start", ...MRR_MOVEMENTS, "mrr_end"], ...months.map((m) => [m.month, dollars(m.mrrStartCents), ...MRR_MOVEMENTS.map((movement) => dollars(m.movements[movement].cents)), dollars(m.mrrEndCents)])];
    case "members":
      return [
        ["month", ...PAID_TIERS.flatMap((tier) => [`${tier}_paying`, `${tier}_trialing`, `${tier}_paused`, `${tier}_comped`])],
        ...months.map((m) => [m.month, ...PAID_TIERS.flatMap((tier) => [m.membersByTier[tier].paying, m.membersByTier[tier].trialing, m.membersByTier[tier].paused, m.membersByTier[tier].comped])]),
      ];
    case "churn":
      return [["month", "paying_at_start", "cancelled", "churn_rate", "paying_at_end"], ...months.map((m) => [m.month, m.payingStart, m.movements.churn.members, share(m.churnRate), m.payingEnd])];
    case "trials":
      return [["month", "started", "converted", "ended_unconverted", "conversion_rate"], ...months.map((m) => [m.month, m.trials.started, m.trials.converted, m.trials.ended, share(m.trials.conversionRate)])];
    case "coupons":
      return [["month", "coupon_code", "subscriptions_started"], ...months.flatMap((m) => m.coupons.map((coupon) => [m.month, coupon.code, coupon.uses]))];
    case "save-offers":
      return [
        ["month", "kind", "name", "count"],
        ...months.flatMap((m) => [
          [m.month, "save_offer", "shown", m.saveOffers.shown],
          [m.month, "save_offer", "accepted", m.saveOffers.accepted],
          [m.month, "save_offer", "declined", m.saveOffers.declined],
          ...m.cancelReasons.map((reason) => [m.month, "cancel_reason", reason.reason, reason.count]),
        ]),
      ];
    case "cohorts": {
      const width = Math.max(0, ...figures.cohorts.map((cohort) => cohort.stillPaying.length));
      return [["cohort", "joined", ...Array.from({ length: width }, (_, index) => `month_${index}`)], ...figures.cohorts.map((cohort) => [cohort.cohort, cohort.joined, ...cohort.stillPaying.map(share)])];
    }
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const share = (value: number | null) => (value === null ? null : value.toFixed(4));

/** RFC 4180 text; a cell a spreadsheet would run as a formula (= + - @, tab, CR) is prefixed with ' (numbers excepted). */
export function toCsv(rows: Cell[][]): string {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

function cell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const numeric = /^-?\d+(\.\d+)?$/.test(value);
  const safe = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
