import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccount } from "../auth/first-admin";
import { subscribeLocally } from "../features/account-data/account-data.test-support";
import { outboxMessages } from "../mail/outbox.table";
import { buildTestApp, memberCookie, postJson, signIn, TEST_ORIGIN, type TestApp } from "../test/build-test-app";
import { dunningReminders, subscriptions } from "./billing.table";
import { REMINDER_TOO_SOON, sendDueReminders, type DunningDeps } from "./dunning";
import { advanceLocalSubscription } from "./local/local.service";

const DAY = 86_400_000;
const SUBJECT = "Your Inventors Community payment failed";

let t: TestApp;
let admin: string;
let dunning: DunningDeps;
beforeAll(async () => {
  t = await buildTestApp({ BILLING_GRACE_DAYS: "7" });
  await createAdminAccount(t.auth, { email: "dunning-admin@example.com", password: "admin-pass-1", name: "Dunning Admin" });
  admin = await signIn(t.app, "dunning-admin@example.com", "admin-pass-1");
  dunning = { db: t.database.db, mailer: t.mailer, baseUrl: TEST_ORIGIN, graceDays: 7 };
});
afterAll(() => t.close());

const reminders = (email: string) => t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, email), eq(outboxMessages.subject, SUBJECT)));
const failedPayments = async (cookie = admin) => t.app.inject({ url: "/api/admin/billing/failed-payments", headers: { cookie } });

async function pastDueMember() {
  const member = await memberCookie(t, "free", "Late Payer");
  await subscribeLocally(t, member.cookie, member.userId, "inventor");
  if (!t.billing) throw new Error("billing not configured");
  expect(await advanceLocalSubscription(t.billing, member.userId, "fail")).toBe("past_due");
  const [row] = await t.database.db.select({ pastDueSince: subscriptions.pastDueSince }).from(subscriptions).where(eq(subscriptions.userId, member.userId));
  if (!row?.pastDueSince) throw new Error("not past due");
  return { ...member, since: row.pastDueSince.getTime() };
}

describe("dunning: payment-failed reminders", () => {
  it("mails on the first, third and sixth day of the grace period, each once whatever the parallel scans, and stops once paid", async () => {
    const member = await pastDueMember();
    const at = (days: number) => new Date(member.since + days * DAY + 60_000);

    await Promise.all([sendDueReminders(dunning, at(0)), sendDueReminders(dunning, at(0)), sendDueReminders(dunning, at(0))]);
    const [first, ...more] = await reminders(member.email);
    expect(more).toHaveLength(0);
    expect(first?.text).toContain("We could not collect $99.00 for your Inventor plan");
    expect(first?.text).toContain(`${TEST_ORIGIN}/members/account`);
    const graceEnd = new Date(member.since + 7 * DAY).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    expect(first?.text).toContain(`You keep your plan until ${graceEnd}`);

    await sendDueReminders(dunning, at(1));
    expect(await reminders(member.email)).toHaveLength(1);
    await Promise.all([sendDueReminders(dunning, at(2)), sendDueReminders(dunning, at(2))]);
    expect(await reminders(member.email)).toHaveLength(2);

    if (!t.billing) throw new Error("billing not configured");
    await advanceLocalSubscription(t.billing, member.userId, "recover");
    await sendDueReminders(dunning, at(5));
    expect(await reminders(member.email)).toHaveLength(2);
    const listed = (await failedPayments()).json().failedPayments.map((entry: { userId: string }) => entry.userId);
    expect(listed).not.toContain(member.userId);
  });

  it("lists failed payments for admins only, with amount, attempts, grace end and reminders; 'send reminder now' mails once an hour", async () => {
    const member = await pastDueMember();
    if (!t.billing) throw new Error("billing not configured");
    await advanceLocalSubscription(t.billing, member.userId, "fail");
    await sendDueReminders(dunning, new Date(member.since + 60_000));

    expect((await failedPayments(member.cookie)).statusCode).toBe(403);
    const entry = (await failedPayments()).json().failedPayments.find((row: { userId: string }) => row.userId === member.userId);
    expect(entry).toEqual({
      userId: member.userId,
      name: "Late Payer",
      email: member.email,
      tier: "inventor",
      amountCents: 9900,
      attempts: 2,
      nextAttemptAt: null,
      pastDueSince: new Date(member.since).toISOString(),
      graceEndsAt: new Date(member.since + 7 * DAY).toISOString(),
      remindersSent: 1,
      lastReminderAt: expect.any(String),
    });

    const remind = () => postJson(t.app, `/api/admin/billing/failed-payments/${member.userId}/remind`, {}, { cookie: admin });
    // The scheduled day-1 reminder went out a moment ago; the admin's own is still sent, once an hour.
    expect((await remind()).statusCode).toBe(204);
    expect(await reminders(member.email)).toHaveLength(2);
    const tooSoon = await remind();
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.message).toBe(REMINDER_TOO_SOON);
    expect(await reminders(member.email)).toHaveLength(2);
    await t.database.db.update(dunningReminders).set({ claimedAt: new Date(Date.now() - 2 * 3_600_000) }).where(and(eq(dunningReminders.userId, member.userId), eq(dunningReminders.step, "manual")));
    expect((await remind()).statusCode).toBe(204);
    expect(await reminders(member.email)).toHaveLength(3);
    expect((await failedPayments()).json().failedPayments.find((row: { userId: string }) => row.userId === member.userId)).toMatchObject({ remindersSent: 3 });
    expect((await postJson(t.app, `/api/admin/billing/failed-payments/${member.userId}/remind`, {}, { cookie: member.cookie })).statusCode).toBe(403);

    const paying = await memberCookie(t, "free", "On Time");
    await subscribeLocally(t, paying.cookie, paying.userId, "inventor");
    const notDue = await postJson(t.app, `/api/admin/billing/failed-payments/${paying.userId}/remind`, {}, { cookie: admin });
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().error.message).toBe("This member has no failed payment.");
  });
});
