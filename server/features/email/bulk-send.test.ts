import { createServer, type AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_MAY_HAVE_BEEN_DELIVERED, type BulkSendProgress, type EmailErrorEntry } from "../../../common/contracts/email";
import { users } from "../../auth/auth.table";
import { QUEUES } from "../../jobs/queues";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, type TestApp } from "../../test/build-test-app";
import { gmailStandInEnv, startGmailStandIn, type GmailStandIn } from "../../test/gmail-stand-in";
import { startSmtpInbox } from "../../reliability/smtp-inbox";
import { loadGeneralSettings, saveGeneralSettings } from "../settings/settings.service";
import { senderTimings } from "./bulk-send.job";
import { bulkSendRecipients, bulkSends } from "./email.table";
import { approvedConsent, authorizeGmail } from "./gmail-consent.test-support";
import { startSmtpMailbox, type SmtpMailbox } from "../../test/smtp-mailbox";

const refusedBySmtp = new Set<string>();
let smtp: SmtpMailbox;
let smtpUrl: string;
let received: ParsedMail[];
let gmail: GmailStandIn;

beforeAll(async () => {
  smtp = await startSmtpMailbox({ refuse: refusedBySmtp });
  smtpUrl = smtp.url;
  received = smtp.received;
  gmail = await startGmailStandIn();
});
afterAll(async () => {
  await smtp.close();
  await gmail.close();
});

async function members(t: TestApp, count: number, prefix: string) {
  const list = [];
  for (let index = 0; index < count; index += 1) list.push(await memberCookie(t, index % 2 ? "inventor" : "free", `${prefix} ${index}`));
  return list;
}

async function progressOf(t: TestApp, cookie: string, sendId: string): Promise<BulkSendProgress> {
  return (await t.app.inject({ method: "GET", url: `/api/admin/email/bulk/${sendId}`, headers: { cookie } })).json();
}

async function waitFor(t: TestApp, cookie: string, sendId: string, done: (progress: BulkSendProgress) => boolean, timeoutMs = 60_000): Promise<BulkSendProgress> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const progress = await progressOf(t, cookie, sendId);
    if (done(progress)) return progress;
    if (Date.now() > until) throw new Error(`send ${sendId} stuck at ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A header as sent (mailparser folds the List-* headers into one structured value). */
const rawHeader = (mail: ParsedMail | undefined, name: string) =>
  mail?.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, "") ?? "";

const mailedTo = (list: ParsedMail[], subject: string) =>
  list.filter((mail) => mail.subject?.startsWith(subject)).map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? "");

function startSend(t: TestApp, cookie: string, userIds: string[], subject: string, message: string) {
  return sendJson(t.app, "POST", "/api/admin/users/email", { userIds, subject, message }, cookie);
}

describe.each(["smtp", "gmail"] as const)("bulk send of 23 through %s", (transport) => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "300", ...(transport === "smtp" ? { SMTP_URL: smtpUrl } : gmailStandInEnv(gmail)) });
    admin = await memberCookie(t, "admin");
    if (transport === "gmail") {
      expect((await authorizeGmail(t, await approvedConsent(t, admin.cookie))).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("answers at once, then mails everyone once in 5 batches of at most 5 with the pause between, placeholders filled", async () => {
    const inbox = transport === "smtp" ? received : gmail.sent;
    const people = await members(t, 23, `Bulk ${transport}`);
    const stamp = `${transport} ${Date.now()}`;
    const subject = `${stamp} Hello {{name}}`;
    const response = await startSend(t, admin.cookie, [...people.map((person) => person.userId), "no-such-user"], subject, "<p>Dear {{name}} ({{tier}}, {{email}})</p>");
    expect(response.statusCode).toBe(200);
    const { queued, sendId } = response.json();
    expect(queued).toBe(23);

    const progress = await waitFor(t, admin.cookie, sendId, (state) => state.status === "done");
    expect(progress).toMatchObject({ total: 23, sent: 23, failed: 0, pending: 0 });
    expect(mailedTo(inbox, stamp).sort()).toEqual(people.map((person) => person.email).sort());

    const first = inbox.find((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === people[1]?.email);
    expect(first?.subject).toBe(subject.replace("{{name}}", `Bulk ${transport} 1`));
    expect(first?.html).toContain(`<p>Dear Bulk ${transport} 1 (Inventor, ${people[1]?.email})</p>`);
    expect(rawHeader(first, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(rawHeader(first, "list-unsubscribe")).toContain(`${TEST_ORIGIN}/api/email/unsubscribe?u=${people[1]?.userId}&t=`);

    const rows = await t.database.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.sendId, sendId));
    const batches = [...new Set(rows.map((row) => row.claimedAt?.getTime() ?? 0))].sort((a, b) => a - b);
    expect(batches.map((claimedAt) => rows.filter((row) => row.claimedAt?.getTime() === claimedAt).length)).toEqual([5, 5, 5, 5, 3]);
    for (let index = 1; index < batches.length; index += 1) expect((batches[index] ?? 0) - (batches[index - 1] ?? 0)).toBeGreaterThanOrEqual(290);
  });
});

describe("bulk send failures, restarts, several workers, hostile names, unsubscribe", () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "0", SMTP_URL: smtpUrl });
    admin = await memberCookie(t, "admin");
  });
  afterAll(() => t.close());

  it("records refused recipients as failed with an error-log entry each, and sends the rest", async () => {
    const people = await members(t, 5, "Refused");
    refusedBySmtp.add(people[1]?.email ?? "");
    refusedBySmtp.add(people[3]?.email ?? "");
    const subject = `Partial ${Date.now()}`;
    const { sendId } = (await startSend(t, admin.cookie, people.map((person) => person.userId), subject, "<p>Hi</p>")).json();
    const progress = await waitFor(t, admin.cookie, sendId, (state) => state.status === "done");
    expect(progress).toMatchObject({ total: 5, sent: 3, failed: 2 });
    const log = (await t.app.inject({ method: "GET", url: "/api/admin/email/errors", headers: { cookie: admin.cookie } })).json().entries;
    const entries = log.filter((entry: { subject: string }) => entry.subject === subject);
    expect(entries.map((entry: { recipient: string }) => entry.recipient).sort()).toEqual([people[1]?.email, people[3]?.email].sort());
    expect(entries[0]).toMatchObject({ type: "SEND_ERROR" });
    expect(entries[0].message).toContain("550");
  });

  it("names the community as Admin Settings names it, in the footer and as the sender", async () => {
    const before = await loadGeneralSettings(t.database.db);
    await saveGeneralSettings(t.database.db, { ...before, communityName: "Tinkerers & Makers" });
    try {
      const person = await memberCookie(t, "free");
      const subject = `Named community ${Date.now()}`;
      const { sendId } = (await startSend(t, admin.cookie, [person.userId], subject, "<p>Hello</p>")).json();
      await waitFor(t, admin.cookie, sendId, (state) => state.status === "done");
      const mail = received.find((item) => item.subject === subject);
      expect(mail?.html).toContain("You receive this email as a member of Tinkerers &#38; Makers.");
      expect(mail?.html).not.toContain("Inventors Community");
      expect(mail?.from?.value[0]?.name).toBe("Tinkerers & Makers");
    } finally {
      await saveGeneralSettings(t.database.db, before);
    }
  });

  it("escapes a name carrying HTML in the body and strips its line breaks from the subject", async () => {
    const person = await memberCookie(t, "free");
    await t.database.db.update(users).set({ name: '<img src=x onerror="alert(1)">\r\nBcc: victim@example.com' }).where(eq(users.id, person.userId));
    const subject = `Hostile {{name}} ${Date.now()}`;
    const { sendId } = (await startSend(t, admin.cookie, [person.userId], subject, "<p>Hi {{name}}</p>")).json();
    await waitFor(t, admin.cookie, sendId, (state) => state.status === "done");
    const mail = received.find((item) => item.subject?.startsWith("Hostile <img"));
    expect(mail?.subject).toBe(subject.replace("{{name}}", '<img src=x onerror="alert(1)"> Bcc: victim@example.com'));
    expect(mail?.headers.get("bcc")).toBeUndefined();
    expect(mail?.html).toMatch(/<p>Hi &#60;img src=x onerror=&#34;alert\(1\)&#34;&#62;\s+Bcc: victim@example.com<\/p>/);
    expect(mail?.html).not.toContain("<img src=x");
  });

  it("skips a member who unsubscribed through the link, until they opt in again from their profile", async () => {
    const member = await memberCookie(t, "inventor");
    const first = `Unsub one ${Date.now()}`;
    const { sendId } = (await startSend(t, admin.cookie, [member.userId], first, "<p>Hi</p>")).json();
    await waitFor(t, admin.cookie, sendId, (state) => state.status === "done");
    const mail = received.find((item) => item.subject === first);
    const link = rawHeader(mail, "list-unsubscribe").replace(/^<|>$/g, "");
    expect(mail?.html).toContain(`href="${link.replace(/&/g, "&#38;")}"`);

    const path = link.replace(TEST_ORIGIN, "");
    expect((await t.app.inject({ method: "GET", url: path })).body).toContain("<form method=\"post\"");
    expect((await t.app.inject({ method: "GET", url: `${path}x` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: `${path}x`, payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } })).statusCode).toBe(400);
    const oneClick = await t.app.inject({ method: "POST", url: path, payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(oneClick.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/profile/email-subscription", headers: { cookie: member.cookie } })).json()).toEqual({ subscribed: false });

    const second = `Unsub two ${Date.now()}`;
    const skipped = (await startSend(t, admin.cookie, [member.userId], second, "<p>Hi</p>")).json();
    expect(skipped.queued).toBe(0);
    expect(await waitFor(t, admin.cookie, skipped.sendId, (state) => state.status === "done")).toMatchObject({ total: 1, sent: 0, skipped: 1 });
    expect(received.some((item) => item.subject === second)).toBe(false);

    expect((await sendJson(t.app, "PUT", "/api/profile/email-subscription", { subscribed: true }, member.cookie)).json()).toEqual({ subscribed: true });
    const third = `Unsub three ${Date.now()}`;
    const again = (await startSend(t, admin.cookie, [member.userId], third, "<p>Hi</p>")).json();
    await waitFor(t, admin.cookie, again.sendId, (state) => state.status === "done");
    expect(received.filter((item) => item.subject === third)).toHaveLength(1);
  });

  it("keeps no recipient row of a deleted account", async () => {
    const member = await memberCookie(t, "free");
    const { sendId } = (await startSend(t, admin.cookie, [member.userId], `Deleted ${Date.now()}`, "<p>Hi</p>")).json();
    await waitFor(t, admin.cookie, sendId, (state) => state.status === "done");
    expect((await sendJson(t.app, "DELETE", `/api/admin/users/${member.userId}`, undefined, admin.cookie)).statusCode).toBe(204);
    expect(await t.database.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.email, member.email))).toEqual([]);
  });

  it("cancels what has not gone out yet", async () => {
    const slow = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "1500", SMTP_URL: smtpUrl }, t);
    try {
      const people = await members(t, 12, "Cancel");
      const subject = `Cancel ${Date.now()}`;
      await t.jobs.stop();
      const { sendId } = (await startSend(slow, admin.cookie, people.map((person) => person.userId), subject, "<p>Hi</p>")).json();
      await waitFor(slow, admin.cookie, sendId, (state) => state.sent >= 5);
      const cancelled = (await sendJson(slow.app, "POST", `/api/admin/email/bulk/${sendId}/cancel`, undefined, admin.cookie)).json();
      expect(cancelled).toMatchObject({ status: "cancelled", sent: 5, cancelled: 7, pending: 0 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(mailedTo(received, subject)).toHaveLength(5);
    } finally {
      await slow.close();
    }
  });
});

describe("bulk send while the mail server is down", () => {
  it("puts the batch back and retries it, so everyone is mailed once the server is back", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const t = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "0", EMAIL_RETRY_DELAY_SECONDS: "1", SMTP_URL: `smtp://127.0.0.1:${port}` });
    const late = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    try {
      const admin = await memberCookie(t, "admin");
      const people = await members(t, 3, "Down");
      const subject = `Down ${Date.now()}`;
      const { sendId } = (await startSend(t, admin.cookie, people.map((person) => person.userId), subject, "<p>Hi</p>")).json();
      // Each attempt is in the outbox as failed; the recipients stay pending, nothing is lost.
      for (let tries = 0; ; tries += 1) {
        const outbox = (await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: { cookie: admin.cookie } })).json().messages;
        if (outbox.filter((mail: { subject: string; status: string }) => mail.subject === subject && mail.status === "failed").length >= 3) break;
        if (tries > 100) throw new Error("no delivery was attempted");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await progressOf(t, admin.cookie, sendId)).toMatchObject({ status: "sending", sent: 0, failed: 0, pending: 3 });

      await new Promise<void>((resolve) => late.listen(port, "127.0.0.1", resolve));
      expect(await waitFor(t, admin.cookie, sendId, (state) => state.status === "done")).toMatchObject({ sent: 3, failed: 0 });
      expect(mailedTo(received, subject).sort()).toEqual(people.map((person) => person.email).sort());
    } finally {
      await t.close();
      await new Promise<void>((resolve) => late.close(() => resolve()));
    }
  });
});

describe("bulk send across a restart and across two instances", () => {
  it("resumes after the process stops half-way: every recipient exactly once", async () => {
    const first = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "400", SMTP_URL: smtpUrl });
    try {
      const admin = await memberCookie(first, "admin");
      const people = await members(first, 23, "Restart");
      const subject = `Restart ${Date.now()}`;
      const { sendId } = (await startSend(first, admin.cookie, people.map((person) => person.userId), subject, "<p>Hi</p>")).json();
      const halfWay = await waitFor(first, admin.cookie, sendId, (state) => state.sent >= 10);
      await first.jobs.stop();
      const stopped = await progressOf(first, admin.cookie, sendId);
      expect(stopped.sent).toBeLessThan(23);
      expect(stopped.sent).toBeGreaterThanOrEqual(halfWay.sent);

      const second = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "0", SMTP_URL: smtpUrl }, first);
      try {
        await second.jobs.start();
        expect(await waitFor(second, admin.cookie, sendId, (state) => state.status === "done")).toMatchObject({ sent: 23, failed: 0 });
        expect(mailedTo(received, subject).sort()).toEqual(people.map((person) => person.email).sort());
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  // Two instances share a database only on PostgreSQL (one process at a time opens an embedded folder).
  it.runIf(process.env.TEST_DB === "postgres")("two workers on the same send (a job delivered twice) never mail anyone twice", async () => {
    const one = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "50", SMTP_URL: smtpUrl });
    const two = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "50", SMTP_URL: smtpUrl }, one);
    try {
      await Promise.all([one.jobs.start(), two.jobs.start()]);
      const admin = await memberCookie(one, "admin");
      const people = await members(one, 23, "Twice");
      const subject = `Twice ${Date.now()}`;
      const { sendId } = (await startSend(one, admin.cookie, people.map((person) => person.userId), subject, "<p>Hi</p>")).json();
      await Promise.all([one.jobs.send(QUEUES.bulkEmail, { sendId }), two.jobs.send(QUEUES.bulkEmail, { sendId })]);
      expect(await waitFor(one, admin.cookie, sendId, (state) => state.status === "done")).toMatchObject({ sent: 23 });
      expect(mailedTo(received, subject).sort()).toEqual(people.map((person) => person.email).sort());
      const rows = await one.database.db.select().from(bulkSendRecipients).where(inArray(bulkSendRecipients.sendId, [sendId]));
      expect(rows.every((row) => row.status === "sent")).toBe(true);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe("bulk send whose sender stopped (heartbeat)", () => {
  const STALE = { EMAIL_SENDER_STALE_SECONDS: "3" };

  /** What a sender killed 10 s ago leaves: two rows handed to the mail server, three not reached. */
  async function deadSendersSend(t: TestApp, createdBy: string, people: Array<{ userId: string; email: string }>, subject: string): Promise<string> {
    const [send] = await t.database.db
      .insert(bulkSends)
      .values({ subject, body: "<p>Hi</p>", createdBy, senderId: "gone/1/dead", heartbeatAt: sql`now() - interval '10 seconds'` })
      .returning();
    const sendId = send?.id ?? "";
    await t.database.db.insert(bulkSendRecipients).values(
      people.map((person, position) => ({
        sendId,
        position,
        userId: person.userId,
        email: person.email,
        name: `Stalled ${position}`,
        tier: "free",
        status: position < 2 ? ("sending" as const) : ("pending" as const),
        claimedAt: position < 2 ? new Date(Date.now() - 10_000) : null,
      })),
    );
    return sendId;
  }

  it("is shown waiting for recovery, taken over by the next look: rows in hand may have been delivered and are not sent again", async () => {
    const t = await buildTestApp({ ...STALE, EMAIL_BATCH_PAUSE_MS: "0", SMTP_URL: smtpUrl });
    try {
      const admin = await memberCookie(t, "admin");
      const people = await members(t, 5, "Stalled");
      const subject = `Stalled ${Date.now()}`;
      const sendId = await deadSendersSend(t, admin.userId, people, subject);
      expect(await progressOf(t, admin.cookie, sendId)).toMatchObject({ status: "sending", sent: 0, pending: 5, recovery: "waiting" });

      await t.jobs.start();
      expect(await waitFor(t, admin.cookie, sendId, (state) => state.status === "done", 15_000)).toMatchObject({ sent: 3, failed: 0, uncertain: 2, pending: 0, recovery: "resumed" });
      expect(mailedTo(received, subject).sort()).toEqual(people.slice(2).map((person) => person.email).sort());
      const rows = await t.database.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.sendId, sendId));
      expect(rows.filter((row) => row.status === "uncertain").map((row) => [row.email, row.error])).toEqual(people.slice(0, 2).map((person) => [person.email, BULK_MAY_HAVE_BEEN_DELIVERED]));
      const log = (await t.app.inject({ method: "GET", url: "/api/admin/email/errors", headers: { cookie: admin.cookie } })).json().entries as EmailErrorEntry[];
      expect(log.filter((entry) => entry.message === BULK_MAY_HAVE_BEEN_DELIVERED).map((entry) => [entry.recipient, entry.subject]).sort()).toEqual(people.slice(0, 2).map((person) => [person.email, subject]).sort());
    } finally {
      await t.close();
    }
  });

  it("settles the rows in hand of a send cancelled while waiting for recovery, and sends nothing more", async () => {
    const t = await buildTestApp({ ...STALE, EMAIL_BATCH_PAUSE_MS: "0", SMTP_URL: smtpUrl });
    try {
      const admin = await memberCookie(t, "admin");
      const people = await members(t, 5, "Given up");
      const subject = `Given up ${Date.now()}`;
      const sendId = await deadSendersSend(t, admin.userId, people, subject);
      const cancelled = (await sendJson(t.app, "POST", `/api/admin/email/bulk/${sendId}/cancel`, undefined, admin.cookie)).json();
      expect(cancelled).toMatchObject({ status: "cancelled", cancelled: 3, pending: 2 });

      await t.jobs.start();
      expect(await waitFor(t, admin.cookie, sendId, (state) => state.pending === 0, 15_000)).toMatchObject({ status: "cancelled", sent: 0, uncertain: 2, cancelled: 3 });
      expect(mailedTo(received, subject)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("keeps a live sender's send while its mail server holds a batch past the stale bound", async () => {
    const inbox = await startSmtpInbox();
    const t = await buildTestApp({ ...STALE, EMAIL_BATCH_PAUSE_MS: "0", SMTP_URL: inbox.url });
    try {
      const admin = await memberCookie(t, "admin");
      const people = await members(t, 3, "Held");
      inbox.hold();
      const { sendId } = (await startSend(t, admin.cookie, people.map((person) => person.userId), `Held ${Date.now()}`, "<p>Hi</p>")).json();
      await waitForCondition("the batch is at the mail server", () => inbox.held() === 3);
      // Past the stale bound and one more look by the sweep, the sender is still its send's sender.
      const heldSince = Date.now();
      const { staleMs, sweepMs } = senderTimings(3);
      await waitForCondition("the stale bound passes", async () => {
        expect(await progressOf(t, admin.cookie, sendId)).toMatchObject({ status: "sending", recovery: null });
        return Date.now() - heldSince > staleMs + sweepMs;
      });
      inbox.release();
      expect(await waitFor(t, admin.cookie, sendId, (state) => state.status === "done")).toMatchObject({ sent: 3, uncertain: 0, recovery: null });
      expect([...inbox.recipients].sort()).toEqual(people.map((person) => person.email).sort());
    } finally {
      inbox.release();
      await t.close();
      await inbox.close();
    }
  });
});

async function waitForCondition(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
