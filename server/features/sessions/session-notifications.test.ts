import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "../../../common/contracts/notifications";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, TEST_SECRET, type TestApp } from "../../test/build-test-app";
import { eventually } from "../account-data/account-data.test-support";
import { broadcastNotification } from "../notifications/notification-broadcast.job";
import { sendDueNotificationMails } from "../notifications/notification-emails.job";
import { sendSessionReminders } from "./session-reminders.job";
import { sessionStartsAt } from "./session-time";
import { startSmtpMailbox, type SmtpMailbox } from "../../test/smtp-mailbox";

let t: TestApp;
let smtp: SmtpMailbox;
type Member = Awaited<ReturnType<typeof memberCookie>>;
let admin: Member;
let ceo: Member;
let inventor: Member;

beforeAll(async () => {
  smtp = await startSmtpMailbox();
  t = await buildTestApp({ SEED_DEMO: "false", SMTP_URL: smtp.url });
  admin = await memberCookie(t, "admin", "Ada Admin");
  ceo = await memberCookie(t, "brand-ceo", "Cleo Ceo");
  inventor = await memberCookie(t, "inventor", "Ivan Inventor");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailTo = (email: string) => smtp.to(email);
const notificationsOf = async (member: Member): Promise<Notification[]> => (await t.app.inject({ url: "/api/notifications", headers: { cookie: member.cookie } })).json().notifications;
const sendMails = () => sendDueNotificationMails({ db: t.database.db, mailer: t.mailer, logger: pino({ level: "silent" }), baseUrl: TEST_ORIGIN, secret: TEST_SECRET });

const sessionInput = (overrides: Record<string, unknown> = {}) => ({
  title: "Retail buyers roundtable",
  date: "2099-03-10",
  time: "7:00 PM-8:30 PM ET",
  location: "Online",
  description: "Meet three buyers",
  tier: "brand-ceo",
  joinUrl: "https://meet.example.com/roundtable",
  ...overrides,
});

async function createSession(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await sendJson(t.app, "POST", "/api/admin/sessions", sessionInput(overrides), admin.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe("sessions members attend", () => {
  it("tells the session's tier about a new session by a job, and nobody below it", async () => {
    await t.jobs.start();
    await createSession({ title: "CEO pricing clinic" });
    const [told] = await eventually(async () => {
      const list = (await notificationsOf(ceo)).filter((n) => n.event === "new-session" && n.excerpt.startsWith("CEO pricing clinic"));
      return list.length > 0 ? list : null;
    });
    expect(told).toMatchObject({ text: "New session for Brand CEO", excerpt: "CEO pricing clinic, March 10, 2099, 7:00 PM-8:30 PM ET", link: "/members/mastermind" });
    expect((await notificationsOf(admin)).some((n) => n.excerpt.startsWith("CEO pricing clinic"))).toBe(true);
    expect((await notificationsOf(inventor)).some((n) => n.excerpt.startsWith("CEO pricing clinic"))).toBe(false);
  });

  it("mails an RSVP its join link and the .ics once, and tells those going when the time or link changes", async () => {
    const id = await createSession();
    const before = smtp.received.length;
    expect((await sendJson(t.app, "POST", `/api/members/sessions/${id}/rsvp`, undefined, ceo.cookie)).json().going).toBe(true);
    expect((await sendJson(t.app, "POST", `/api/members/sessions/${id}/rsvp`, undefined, ceo.cookie)).json().going).toBe(true);
    await eventually(async () => smtp.received.length > before);
    const [confirmation] = mailTo(ceo.email).filter((mail) => mail.subject === "You're going: Retail buyers roundtable");
    expect(confirmation?.text).toContain("Join here: https://meet.example.com/roundtable");
    expect(confirmation?.attachments.map((file) => [file.filename, file.contentType])).toEqual([["retail-buyers-roundtable.ics", "text/calendar"]]);
    expect(confirmation?.attachments[0]?.content.toString()).toContain("URL:https://meet.example.com/roundtable");
    expect(mailTo(ceo.email).filter((mail) => mail.subject?.startsWith("You're going"))).toHaveLength(1);

    const watcher = await memberCookie(t, "brand-ceo", "Wes Watcher");
    const edited = await sendJson(t.app, "PUT", `/api/admin/sessions/${id}`, sessionInput({ time: "6:00 PM-7:30 PM ET", joinUrl: "https://meet.example.com/moved" }), admin.cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    const [changed] = (await notificationsOf(ceo)).filter((n) => n.event === "session-changed");
    expect(changed).toMatchObject({ text: "Retail buyers roundtable has a new time or place", excerpt: "Retail buyers roundtable, March 10, 2099, 6:00 PM-7:30 PM ET" });
    expect((await notificationsOf(watcher)).filter((n) => n.event === "session-changed")).toEqual([]);
    // Reminders are mailed at once unless the member chose otherwise.
    await sendMails();
    expect(mailTo(ceo.email).map((mail) => mail.subject)).toContain("Retail buyers roundtable has a new time or place");
  });

  it("reminds those going 24 hours and 1 hour before, once each across instances, and never someone who withdrew", async () => {
    const id = await createSession({ title: "Reminder drill", date: "2099-06-01", time: "10:00 AM-11:00 AM ET" });
    const stays = await memberCookie(t, "brand-ceo", "Stan Stays");
    const leaves = await memberCookie(t, "brand-ceo", "Lea Leaves");
    for (const member of [stays, leaves]) await sendJson(t.app, "POST", `/api/members/sessions/${id}/rsvp`, undefined, member.cookie);
    await sendJson(t.app, "DELETE", `/api/members/sessions/${id}/rsvp`, undefined, leaves.cookie);
    const start = sessionStartsAt("2099-06-01", "10:00 AM-11:00 AM ET");
    expect(start.toISOString()).toBe("2099-06-01T14:00:00.000Z");

    const twin = await buildTestApp({ SEED_DEMO: "false" }, t);
    const dayBefore = new Date(start.getTime() - 23 * 3_600_000);
    // Two days before: nothing is due yet.
    expect(await sendSessionReminders(t.database.db, new Date(start.getTime() - 48 * 3_600_000))).toBe(0);
    const [a, b] = await Promise.all([sendSessionReminders(t.database.db, dayBefore), sendSessionReminders(twin.database.db, dayBefore)]);
    expect(a + b).toBe(1);
    expect(await sendSessionReminders(t.database.db, new Date(dayBefore.getTime() + 600_000))).toBe(0);
    expect(await sendSessionReminders(t.database.db, new Date(start.getTime() - 45 * 60_000))).toBe(1);
    expect(await sendSessionReminders(t.database.db, new Date(start.getTime() - 30 * 60_000))).toBe(0);
    await twin.close();

    const reminders = (await notificationsOf(stays)).filter((n) => n.event === "session-reminder").map((n) => n.text);
    expect(reminders).toEqual(["Starts in 45 minutes: Reminder drill", "Starts in 23 hours: Reminder drill"]);
    expect((await notificationsOf(leaves)).filter((n) => n.event === "session-reminder")).toEqual([]);
    await sendMails();
    expect(mailTo(stays.email).map((mail) => mail.subject)).toEqual(expect.arrayContaining(["Starts in 23 hours: Reminder drill", "Starts in 45 minutes: Reminder drill"]));
    expect(mailTo(leaves.email).filter((mail) => mail.subject?.startsWith("Starts in"))).toEqual([]);
  });

  it("tells the tier when a recording is added", async () => {
    const id = await createSession({ title: "Recorded roundtable", tier: "entrepreneur" });
    const entrepreneur = await memberCookie(t, "entrepreneur", "Erin Entrepreneur");
    await sendJson(t.app, "PUT", `/api/admin/sessions/${id}`, sessionInput({ title: "Recorded roundtable", tier: "entrepreneur", isPast: true, recordingUrl: "https://video.example.com/rec" }), admin.cookie);
    await eventually(async () => (await notificationsOf(entrepreneur)).some((n) => n.event === "recording" && n.excerpt === "Recorded roundtable"));
    expect((await notificationsOf(inventor)).some((n) => n.event === "recording" && n.excerpt === "Recorded roundtable")).toBe(false);
  });

  it("writes a broadcast in batches and, run again after a crash, tells nobody twice", async () => {
    const request = { event: "new-video" as const, access: "video:all", subject: "video:999999", excerpt: "Batch test video", link: "/members/training" };
    const first = await broadcastNotification(t.database.db, request, 2);
    expect(first).toBeGreaterThanOrEqual(5);
    expect(await broadcastNotification(t.database.db, request, 2)).toBe(0);
    expect((await notificationsOf(inventor)).filter((n) => n.excerpt === "Batch test video")).toHaveLength(1);
  });
});
