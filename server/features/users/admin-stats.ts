import { and, count, desc, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { AdminStats } from "../../../common/contracts/users";
import { PAID_TIERS, PLANS, TIERS, type PaidTier, type Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { subscriptions } from "../../billing/billing.table";
import type { Database } from "../../db/client";
import { toAdminUser } from "./admin-user";

const WEEKS = 12;
const RECENT = 5;
const DAY_MS = 86_400_000;
/** Subscriptions that bring in money this month; past_due ones may never pay. */
const PAYING_STATUSES = ["active", "trialing"];

/** Monday 00:00 UTC of the week `date` falls in. */
export function weekStartUtc(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const zeroByTier = (): Record<Tier, number> => Object.fromEntries(TIERS.map((tier) => [tier, 0])) as Record<Tier, number>;

/**
 * The admin dashboard, aggregated by the database: one pass over the accounts grouped by tier, the
 * last 12 weeks' sign-ups grouped by week and tier (an index range), two five-row lists, and the paying
 * subscriptions by tier. Nothing here reads every account into the server.
 */
export async function adminStats(db: Database, now = new Date()): Promise<AdminStats> {
  const firstWeek = new Date(weekStartUtc(now).getTime() - (WEEKS - 1) * 7 * DAY_MS);
  const [byTier, signUps, recentRegistrations, recentLogins, paying] = await Promise.all([
    db
      .select({
        tier: users.membershipTier,
        total: count(),
        active: sql<number>`count(*) filter (where ${users.isActive})`.mapWith(Number),
        admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
        beforeWindow: sql<number>`count(*) filter (where ${users.createdAt} < ${firstWeek.toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(users)
      .groupBy(users.membershipTier),
    db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        tier: users.membershipTier,
        count: count(),
      })
      .from(users)
      .where(gte(users.createdAt, firstWeek))
      .groupBy(sql`1`, users.membershipTier),
    db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(RECENT),
    db.select().from(users).where(isNotNull(users.lastLogin)).orderBy(sql`${users.lastLogin} desc nulls last`, desc(users.id)).limit(RECENT),
    db
      .select({ tier: subscriptions.tier, count: count() })
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, PAYING_STATUSES), isNotNull(subscriptions.tier)))
      .groupBy(subscriptions.tier),
  ]);

  const counts = { total: 0, active: 0, inactive: 0, admins: 0, byTier: zeroByTier() };
  const members = zeroByTier();
  for (const row of byTier) {
    counts.total += row.total;
    counts.active += row.active;
    counts.admins += row.admins;
    counts.byTier[row.tier] = row.total;
    members[row.tier] = row.beforeWindow;
  }
  counts.inactive = counts.total - counts.active;

  const weeks: AdminStats["weeks"] = [];
  for (let index = 0; index < WEEKS; index += 1) {
    const week = isoDay(new Date(firstWeek.getTime() + index * 7 * DAY_MS));
    let weekSignUps = 0;
    for (const row of signUps) {
      if (row.week !== week) continue;
      weekSignUps += row.count;
      members[row.tier] += row.count;
    }
    weeks.push({ week, signUps: weekSignUps, membersByTier: { ...members } });
  }

  const mrrCentsByTier = Object.fromEntries(PAID_TIERS.map((tier) => [tier, 0])) as Record<PaidTier, number>;
  for (const row of paying) if (row.tier) mrrCentsByTier[row.tier] = row.count * PLANS[row.tier].priceCents;

  return { counts, recentRegistrations: recentRegistrations.map(toAdminUser), recentLogins: recentLogins.map(toAdminUser), weeks, mrrCentsByTier };
}
