import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FailedPayment } from "../../common/contracts/billing";
import { PLANS } from "../../common/tiers";
import { users } from "../auth/auth.table";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { getGeneralSettings } from "../features/settings/settings.service";
import type { Mailer } from "../mail/mailer";
import { paymentFailedMail } from "../mail/templates";
import { dunningReminders, subscriptions } from "./billing.table";
import { graceEndsAt } from "./tier.policy";

type ScheduledStep = "day-1" | "day-3" | "day-6";

/** The days of the grace period on which the member is mailed (the first, third and sixth), as days after it began. */
const SCHEDULE: ReadonlyArray<{ step: ScheduledStep; afterDays: number }> = [
  { step: "day-1", afterDays: 0 },
  { step: "day-3", afterDays: 2 },
  { step: "day-6", afterDays: 5 },
];
/** A claim not handed to the mailer within this long belongs to a process that died: it is mailed again. */
const STALE_CLAIM_MS = 10 * 60_000;
/** How often each instance looks for reminders due: the first goes out within this long of the failure. */
export const DUNNING_CHECK_MS = 5 * 60_000;
/** An admin's "send reminder now" at most this often per member, so a double click mails once (the scheduled steps go out regardless). */
export const MANUAL_REMINDER_GAP_MS = 60 * 60_000;
export const REMINDER_TOO_SOON = "You sent this member a reminder less than an hour ago.";

export interface DunningDeps {
  db: Database;
  mailer: Mailer;
  /** The public site: the mail links to its account page, where the card is updated. */
  baseUrl: string;
  graceDays: number;
}

interface ReminderClaim {
  id: number;
  userId: string;
}

/**
 * Mails each member whose renewal failed on the first, third and sixth day of the grace period, and
 * stops once the payment succeeded: a step is claimed only while the subscription is still past due
 * in the grace period it was due for (one statement, so a payment stored meanwhile wins). The claim's
 * unique index lets one instance of many mail each step. Runs periodically; cheap when nothing is due.
 */
export async function sendDueReminders(deps: DunningDeps, now: Date): Promise<number> {
  const claims: ReminderClaim[] = [];
  for (const { step, afterDays } of SCHEDULE) {
    const claimed = (await deps.db.execute(sql`
      insert into dunning_reminders (user_id, past_due_since, step, claimed_at)
      select user_id, past_due_since, ${step}, ${now.toISOString()}::timestamptz from subscriptions
      where status = 'past_due' and past_due_since is not null
        and past_due_since <= ${now.toISOString()}::timestamptz - make_interval(days => ${afterDays})
        and past_due_since > ${now.toISOString()}::timestamptz - make_interval(days => ${deps.graceDays})
      on conflict (user_id, past_due_since, step) where step <> 'manual' do nothing
      returning id, user_id`)) as unknown as { rows: Array<{ id: number; user_id: string }> };
    claims.push(...claimed.rows.map((row) => ({ id: row.id, userId: row.user_id })));
  }
  const stale = await deps.db
    .update(dunningReminders)
    .set({ claimedAt: now })
    .where(and(isNull(dunningReminders.sentAt), lt(dunningReminders.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))))
    .returning({ id: dunningReminders.id, userId: dunningReminders.userId });
  for (const claim of [...claims, ...stale]) await mailReminder(deps, claim, now);
  return claims.length + stale.length;
}

/** "Send reminder now" from the failed-payments list: refused unless the member is past due, and at most hourly. */
export async function sendReminderNow(deps: DunningDeps, userId: string, adminId: string, now: Date): Promise<void> {
  const claim = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ status: subscriptions.status, pastDueSince: subscriptions.pastDueSince }).from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
    if (row?.status !== "past_due" || !row.pastDueSince) throw new AppError("CONFLICT", "This member has no failed payment.");
    const [recent] = await tx
      .select({ id: dunningReminders.id })
      .from(dunningReminders)
      .where(and(eq(dunningReminders.userId, userId), eq(dunningReminders.step, "manual"), gt(dunningReminders.claimedAt, new Date(now.getTime() - MANUAL_REMINDER_GAP_MS))))
      .limit(1);
    if (recent) throw new AppError("CONFLICT", REMINDER_TOO_SOON);
    const [inserted] = await tx.insert(dunningReminders).values({ userId, pastDueSince: row.pastDueSince, step: "manual", sentBy: adminId, claimedAt: now }).returning({ id: dunningReminders.id, userId: dunningReminders.userId });
    return inserted;
  });
  if (claim) await mailReminder(deps, claim, now);
}

async function mailReminder(deps: DunningDeps, claim: ReminderClaim, now: Date): Promise<void> {
  const [member] = await deps.db
    .select({ name: users.name, email: users.email, tier: subscriptions.tier, amountCents: subscriptions.unpaidAmountCents, status: subscriptions.status, pastDueSince: subscriptions.pastDueSince })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, claim.userId));
  const graceEnd = member ? graceEndsAt(member, deps.graceDays) : null;
  if (!member || !graceEnd) {
    // Paid (or gone) between the claim and now: nothing to remind of.
    await deps.db.delete(dunningReminders).where(eq(dunningReminders.id, claim.id));
    return;
  }
  const { communityName } = await getGeneralSettings(deps.db);
  const mail = paymentFailedMail({
    name: member.name,
    communityName,
    planName: member.tier ? PLANS[member.tier].name : "paid",
    amountCents: member.amountCents ?? (member.tier ? PLANS[member.tier].priceCents : 0),
    accessEndsAt: graceEnd,
    link: `${deps.baseUrl}/members/account`,
  });
  await deps.mailer.send({ to: member.email, ...mail });
  await deps.db.update(dunningReminders).set({ sentAt: now }).where(eq(dunningReminders.id, claim.id));
}

/** The admin's failed-payments list: every member past due, the longest overdue first. */
export async function listFailedPayments(deps: Pick<DunningDeps, "db" | "graceDays">): Promise<FailedPayment[]> {
  const rows = await deps.db
    .select({
      userId: subscriptions.userId,
      name: users.name,
      email: users.email,
      tier: subscriptions.tier,
      status: subscriptions.status,
      amountCents: subscriptions.unpaidAmountCents,
      attempts: subscriptions.paymentAttempts,
      nextAttemptAt: subscriptions.nextPaymentAttemptAt,
      pastDueSince: subscriptions.pastDueSince,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.status, "past_due"))
    .orderBy(subscriptions.pastDueSince)
    .limit(500);
  const reminders = rows.length
    ? await deps.db
        .select({ userId: dunningReminders.userId, pastDueSince: dunningReminders.pastDueSince, sentAt: dunningReminders.sentAt })
        .from(dunningReminders)
        .where(inArray(dunningReminders.userId, rows.map((row) => row.userId)))
        .orderBy(desc(dunningReminders.claimedAt))
    : [];
  return rows.map((row) => {
    const sent = reminders.filter((reminder) => reminder.userId === row.userId && reminder.pastDueSince.getTime() === row.pastDueSince?.getTime() && reminder.sentAt);
    return {
      userId: row.userId,
      name: row.name,
      email: row.email,
      tier: row.tier,
      amountCents: row.amountCents ?? (row.tier ? PLANS[row.tier].priceCents : 0),
      attempts: row.attempts ?? 1,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      pastDueSince: row.pastDueSince?.toISOString() ?? null,
      graceEndsAt: graceEndsAt(row, deps.graceDays)?.toISOString() ?? null,
      remindersSent: sent.length,
      lastReminderAt: sent[0]?.sentAt?.toISOString() ?? null,
    };
  });
}
