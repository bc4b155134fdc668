import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, TEST_SECRET, type TestApp } from "../../test/build-test-app";
import { eventually } from "../account-data/account-data.test-support";
import { sendDigests, sendDueDigests, type DigestDeps } from "./notification-digest.job";
import { sendDueNotificationMails } from "./notification-emails.job";
import { notificationDigests } from "./notifications.table";
import { startSmtpMailbox, type SmtpMailbox } from "../../test/smtp-mailbox";

let t: TestApp;
let twin: TestApp;
let smtp: SmtpMailbox;
type Member = Awaited<ReturnType<typeof memberCookie>>;
let writer: Member;

beforeAll(async () => {
  smtp = await startSmtpMailbox();
  const smtpUrl = smtp.url;
  t = await buildTestApp({ SEED_DEMO: "false", SMTP_URL: smtpUrl, NOTIFICATION_MAIL_INTERVAL_SECONDS: "1" });
  twin = await buildTestApp({ SEED_DEMO: "false", SMTP_URL: smtpUrl }, t);
  writer = await memberCookie(t, "brand-ceo", "Wren Writer");
});
afterAll(async () => {
  await twin.close();
  await t.close();
  await smtp.close();
});

/** The raw List-Unsubscribe line: mailparser's own reading of it drops the address's query. */
const listUnsubscribe = (mail: ParsedMail | undefined) => mail?.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
const mailTo = (email: string) => smtp.to(email);
const deps = (app: TestApp) => ({ db: app.database.db, mailer: app.mailer, logger: pino({ level: "silent" }), baseUrl: TEST_ORIGIN, secret: TEST_SECRET });
const choose = async (member: Member, topics: Record<string, string>) => expect((await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics }, member.cookie)).statusCode).toBe(200);

async function postBy(member: Member, content: string): Promise<number> {
  const response = await sendJson(t.app, "POST", "/api/community/posts", { content }, member.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
async function replyTo(postId: number, content: string): Promise<void> {
  expect((await sendJson(t.app, "POST", `/api/community/posts/${postId}/replies`, { content }, writer.cookie)).statusCode).toBe(201);
}

describe("email at once", () => {
  it("mails a reply to the member who chose it, within the running server's next round, with a one-click way back to the app only", async () => {
    const member = await memberCookie(t, "inventor", "Mia Mailme");
    await choose(member, { replies: "email" });
    await t.jobs.start();
    await replyTo(await postBy(member, "Where do you source food-grade silicone?"), "Try the supplier in Ohio.");
    const [mail] = await eventually(async () => (mailTo(member.email).length > 0 ? mailTo(member.email) : null));
    expect(mail?.subject).toBe("Wren Writer replied to your post");
    expect(mail?.text).toContain("Try the supplier in Ohio.");
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/members\/community\?post=\d+/);
    const unsubscribe = /<(http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?[^>]+)>/.exec(listUnsubscribe(mail).replace(/\r?\n\s*/g, ""))?.[1];
    if (!unsubscribe) throw new Error("no List-Unsubscribe");
    const path = unsubscribe.replace(TEST_ORIGIN, "");

    expect((await t.app.inject({ url: path })).body).toContain("Stop emails about replies?");
    expect((await t.app.inject({ method: "POST", url: path.replace(/t=[^&]+/, "t=forged"), payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } })).statusCode).toBe(400);
    // A link for one kind cannot be stretched to another.
    expect((await t.app.inject({ method: "POST", url: path.replace("k=replies", "k=billing"), payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } })).statusCode).toBe(400);
    const done = await t.app.inject({ method: "POST", url: path, payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/notifications/preferences", headers: { cookie: member.cookie } })).json().topics.replies).toBe("app");
  });

  it("mails each due notification once when two instances run at the same moment, and never one the member read or can no longer see", async () => {
    const [first, second, third] = [await memberCookie(t, "inventor", "Ola One"), await memberCookie(t, "inventor", "Tom Two"), await memberCookie(t, "inventor", "Rae Read")];
    for (const member of [first, second, third]) await choose(member, { replies: "email" });
    await t.jobs.stop();
    const quiet = await buildTestApp({ SEED_DEMO: "false" }, t);
    for (const member of [first, second, third]) await replyTo(await postBy(member, `Question from ${member.email}`), "An answer");
    await sendJson(quiet.app, "POST", "/api/notifications/read-all", undefined, third.cookie);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, second.userId));
    const before = smtp.received.length;
    const [a, b] = await Promise.all([sendDueNotificationMails(deps(t)), sendDueNotificationMails(deps(twin))]);
    expect(a + b).toBe(1);
    expect(smtp.received.slice(before).map((mail) => mail.subject)).toEqual(["Wren Writer replied to your post"]);
    expect(mailTo(first.email)).toHaveLength(1);
    expect(mailTo(second.email)).toHaveLength(0);
    expect(mailTo(third.email)).toHaveLength(0);
    await quiet.close();
  });
});

describe("digests", () => {
  let clock = new Date("2026-12-01T07:00:00Z");
  const digestDeps = (app: TestApp): DigestDeps => ({ ...deps(app), now: () => clock });

  it("sends one daily digest of what the member missed, once per day across instances, and nothing on a day without news", async () => {
    const member = await memberCookie(t, "inventor", "Dee Digest");
    const idle = await memberCookie(t, "inventor", "Ian Idle");
    await choose(member, { replies: "daily", likes: "daily" });
    await choose(idle, { replies: "daily" });
    const postId = await postBy(member, "Best way to test a prototype's drop resistance?");
    await replyTo(postId, "Drop it from a metre onto concrete, twenty times.");
    expect((await sendJson(t.app, "POST", `/api/community/posts/${postId}/like`, undefined, writer.cookie)).statusCode).toBe(200);
    clock = new Date(Date.now() + 60_000);

    const before = smtp.received.length;
    const [a, b] = await Promise.all([sendDigests(digestDeps(t), "daily"), sendDigests(digestDeps(twin), "daily")]);
    expect(a.sent + b.sent).toBe(1);
    expect(a.empty + b.empty).toBeGreaterThanOrEqual(1);
    const digests = smtp.received.slice(before);
    expect(digests.map((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address)).toEqual([member.email]);
    const [digest] = digests;
    expect(digest?.subject).toBe("2 new in Inventors Community today");
    expect(digest?.text).toContain("Wren Writer replied to your post");
    expect(digest?.text).toContain("Wren Writer liked your post");
    expect(listUnsubscribe(digest).replace(/\r?\n\s*/g, "")).toContain("k=replies%2Clikes");
    const rows = await t.database.db.select().from(notificationDigests).where(eq(notificationDigests.userId, idle.userId));
    expect(rows).toEqual([expect.objectContaining({ status: "empty", items: 0 })]);

    // The same day again sends nothing; the next day has nothing new, so nothing either.
    expect(await sendDigests(digestDeps(t), "daily")).toEqual({ sent: 0, empty: 0 });
    clock = new Date(clock.getTime() + 86_400_000);
    const next = await sendDigests(digestDeps(t), "daily");
    expect(next.sent).toBe(0);
    expect(smtp.received.length).toBe(before + 1);
  });

  it("sends nothing before 07:00 UTC, and the weekly digest on Mondays only", async () => {
    const weekly = await memberCookie(t, "inventor", "Wendy Weekly");
    await choose(weekly, { likes: "weekly" });
    const postId = await postBy(weekly, "Weekly digest post");
    expect((await sendJson(t.app, "POST", `/api/community/posts/${postId}/like`, undefined, writer.cookie)).statusCode).toBe(200);
    const monday = new Date();
    monday.setUTCHours(7, 5, 0, 0);
    do monday.setUTCDate(monday.getUTCDate() + 1);
    while (monday.getUTCDay() !== 1);
    const weeklyMails = () => mailTo(weekly.email).filter((mail) => mail.subject?.endsWith("this week"));

    clock = new Date(monday.getTime() - 10 * 60_000);
    await sendDueDigests(digestDeps(t));
    clock = new Date(monday.getTime() - 23 * 3_600_000);
    await sendDueDigests(digestDeps(t));
    expect(weeklyMails()).toHaveLength(0);
    clock = monday;
    await Promise.all([sendDueDigests(digestDeps(t)), sendDueDigests(digestDeps(twin))]);
    expect(weeklyMails().map((mail) => mail.subject)).toEqual(["1 new in Inventors Community this week"]);
  });
});
