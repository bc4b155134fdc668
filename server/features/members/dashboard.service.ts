import type { DashboardEvent } from "../../../common/contracts/members";
import type { Tier } from "../../../common/tiers";
import { canSeeDashboardEvent, type DashboardEventId } from "./dashboard.policy";

const MONTH_DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });

/**
 * The dashboard's three recurring events, dated on the spec's days of the month (15th, 22nd, 10-12th)
 * in the coming months, filtered to the viewer's tier. Real sessions replace them with the content issue.
 */
export function listDashboardEvents(tier: Tier, now = new Date()): DashboardEvent[] {
  const nextMonth = (offset: number, day: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day));
  const retreatStart = nextMonth(2, 10);
  const events: Array<DashboardEvent & { id: DashboardEventId }> = [
    {
      id: "monthly-mastermind",
      title: "Monthly Mastermind Session",
      dateLabel: `${MONTH_DAY.format(nextMonth(1, 15))} · 10:00 AM-12:00 PM ET`,
      description: "Bring your product questions to the group and leave with next steps from founders who have shipped.",
      tier: "all",
    },
    {
      id: "market-testing-workshop",
      title: "Market Testing Workshop",
      dateLabel: MONTH_DAY.format(nextMonth(1, 22)),
      description: "Validate demand before you order inventory: landing pages, pre-sales and small-batch tests.",
      tier: "entrepreneur",
    },
    {
      id: "vip-ceo-retreat",
      title: "VIP CEO Retreat",
      dateLabel: `${MONTH.format(retreatStart)} 10-12, ${retreatStart.getUTCFullYear()}`,
      description: "Three days with fellow brand owners on scaling, retail distribution and building a team.",
      tier: "brand-ceo",
    },
  ];
  return events.filter((event) => canSeeDashboardEvent(tier, event.id));
}
