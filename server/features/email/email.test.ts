import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_MESSAGES } from "../../../common/contracts/email";
import { outboxMessages } from "../../mail/outbox.table";
import { appSettings } from "../../settings/settings.table";
import { buildTestApp, memberCookie, sendJson, TEST_ORIGIN, type TestApp } from "../../test/build-test-app";
import { gmailStandInEnv, startGmailStandIn, type GmailStandIn } from "../../test/gmail-stand-in";
import { approvedConsent, authorizeGmail } from "./gmail-consent.test-support";
import { SEED_TEMPLATES } from "./templates.service";
import { startSmtpMailbox } from "../../test/smtp-mailbox";

let gmail: GmailStandIn;
let t: TestApp;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  gmail = await startGmailStandIn();
  t = await buildTestApp(gmailStandInEnv(gmail));
  admin = await memberCookie(t, "admin");
});
afterAll(async () => {
  await t.close();
  await gmail.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });

async function authorize() {
  return authorizeGmail(t, await approvedConsent(t, admin.cookie));
}

describe("Gmail authorization", () => {
  it("asks Google for send and compose with offline access and forced consent, returning to /callback", async () => {
    const { url } = (await sendJson(t.app, "POST", "/api/admin/email/gmail/consent", {}, admin.cookie)).json();
    const callback = new URL((await fetch(url, { redirect: "manual" })).headers.get("location") ?? "");
    const asked = gmail.consents.at(-1);
    expect(asked?.get("scope")?.split(" ")).toEqual(["https://www.googleapis.com/auth/gmail.send", "https://www.googleapis.com/auth/gmail.compose"]);
    expect(asked?.get("access_type")).toBe("offline");
    expect(asked?.get("prompt")).toBe("consent");
    expect(asked?.get("redirect_uri")).toBe(`${TEST_ORIGIN}/callback`);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${TEST_ORIGIN}/callback`);
    expect(callback.searchParams.get("code")).toBeTruthy();
  });

  it("exchanges the code on the server, keeps the refresh token sealed, and sends through Gmail", async () => {
    const response = await authorize();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ transport: "gmail", canSend: true, gmail: { configured: true, authorized: true } });
    const refreshToken = gmail.issuedRefreshTokens.at(-1) ?? "missing";
    expect(response.body).not.toContain(refreshToken);
    expect((await get("/api/admin/email/status")).body).not.toContain(refreshToken);
    const [stored] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, "mail.gmail"));
    expect(JSON.stringify(stored?.value)).not.toContain(refreshToken);
    expect(JSON.stringify(stored?.value)).toMatch(/"sealedRefreshToken":"v1:/);

    const sent = await sendJson(t.app, "POST", "/api/admin/email/send", { to: "reader@example.com", subject: "Hello\r\nBcc: victim@example.com", body: '<p onclick="steal()">Hi <b>there</b></p><script>alert(1)</script>' }, admin.cookie);
    expect(sent.statusCode).toBe(200);
    const mail = gmail.sent.at(-1);
    expect(mail?.subject).toBe("Hello Bcc: victim@example.com");
    expect(mail?.headers.get("bcc")).toBeUndefined();
    expect(mail?.html).toBe("<p>Hi <b>there</b></p>");
    expect(mail?.text?.trim()).toBe("Hi there");
  });

  it("refuses a consent answer whose state another admin started", async () => {
    const other = await memberCookie(t, "admin");
    const theirs = await approvedConsent(t, other.cookie);
    const response = await authorizeGmail(t, { ...theirs, cookie: theirs.cookie.replace(other.cookie, admin.cookie) });
    expect(response.statusCode).toBe(400);
  });

  it("answers the spec's messages for an empty code, a refused code and a consent without a refresh token", async () => {
    const empty = await sendJson(t.app, "POST", "/api/admin/email/gmail/authorize", { code: "  " }, admin.cookie);
    expect(empty.json().error.fields.code).toBe(EMAIL_MESSAGES.enterCode);

    const refused = await sendJson(t.app, "POST", "/api/admin/email/gmail/authorize", { code: "4/forged" }, admin.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`${EMAIL_MESSAGES.tokensFailed}: Malformed auth code.`);
    expect((await get("/api/admin/email/errors")).json().entries[0]).toMatchObject({ type: "AUTH_ERROR", message: EMAIL_MESSAGES.tokensFailed });

    gmail.withholdRefreshToken(true);
    const withheld = await authorize();
    gmail.withholdRefreshToken(false);
    expect(withheld.statusCode).toBe(400);
    expect(withheld.json().error.message).toBe(EMAIL_MESSAGES.noRefreshToken);
    expect((await get("/api/admin/email/status")).json().gmail.authorized).toBe(true);
  });

  it("logs a SEND_ERROR with recipient and subject when Gmail refuses, and a revoked grant fails the send", async () => {
    await authorize();
    gmail.refuse("bounced@example.com");
    const refused = await sendJson(t.app, "POST", "/api/admin/email/send", { to: "bounced@example.com", subject: "Refused", body: "<p>x</p>" }, admin.cookie);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toBe("Invalid To header");
    expect((await get("/api/admin/email/errors")).json().entries[0]).toMatchObject({ type: "SEND_ERROR", message: "Invalid To header", recipient: "bounced@example.com", subject: "Refused" });

    gmail.revokeAll();
    const revoked = await sendJson(t.app, "POST", "/api/admin/email/send", { to: "reader@example.com", subject: "Revoked", body: "<p>x</p>" }, admin.cookie);
    expect(revoked.statusCode).toBe(503);
    const rejected = "Gmail no longer accepts the stored authorization (it was revoked or has expired). Authorize Gmail again in Email Settings.";
    expect(revoked.json().error.message).toBe(rejected);
    // Logged under its type, so the AUTH_ERROR filter finds it, with what Google said.
    const [entry] = (await get("/api/admin/email/errors")).json().entries;
    expect(entry).toMatchObject({ type: "AUTH_ERROR", message: rejected, recipient: "reader@example.com", subject: "Revoked" });
    expect(entry.details).toContain("Token has been expired or revoked.");
    // The status no longer says authorized: it says since when Gmail refuses, and nothing goes through Gmail.
    const status = (await get("/api/admin/email/status")).json();
    expect(status).toMatchObject({ transport: "outbox", canSend: false, gmail: { configured: true, authorized: false } });
    expect(Date.parse(status.gmail.rejectedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Authorizing again clears it.
    await authorize();
    expect((await get("/api/admin/email/status")).json()).toMatchObject({ transport: "gmail", canSend: true, gmail: { authorized: true, rejectedAt: null } });
  });

  it("says in words that Gmail could not be reached, logged as NETWORK_ERROR", async () => {
    const unreachable = await buildTestApp({ ...gmailStandInEnv(gmail), GMAIL_API_URL: "http://127.0.0.1:9/" });
    try {
      const other = await memberCookie(unreachable, "admin");
      await authorizeGmail(unreachable, await approvedConsent(unreachable, other.cookie));
      const sent = await sendJson(unreachable.app, "POST", "/api/admin/email/send", { to: "reader@example.com", subject: "Nowhere", body: "<p>x</p>" }, other.cookie);
      expect(sent.statusCode).toBe(503);
      expect(sent.json().error.message).toBe("Gmail could not be reached, so nothing was sent. Please try again later.");
      const [entry] = (await unreachable.app.inject({ url: "/api/admin/email/errors", headers: { cookie: other.cookie } })).json().entries;
      expect(entry).toMatchObject({ type: "NETWORK_ERROR", subject: "Nowhere" });
      expect(entry.details).toContain("fetch failed");
    } finally {
      await unreachable.close();
    }
  });

  it("Reset Authorization forgets the grant: nothing can send and Send Email answers the spec's message", async () => {
    await authorize();
    const reset = await sendJson(t.app, "DELETE", "/api/admin/email/gmail", undefined, admin.cookie);
    expect(reset.json()).toMatchObject({ transport: "outbox", canSend: false, gmail: { authorized: false } });
    const send = await sendJson(t.app, "POST", "/api/admin/email/send", { to: "reader@example.com", subject: "S", body: "B" }, admin.cookie);
    expect(send.statusCode).toBe(409);
    expect(send.json().error.message).toBe(EMAIL_MESSAGES.noRefreshTokenFound);
  });

  it("Send Email answers 'Please fill in all fields' for any empty field", async () => {
    for (const body of [{ to: "", subject: "S", body: "B" }, { to: "a@example.com", subject: " ", body: "B" }, { to: "a@example.com", subject: "S" }]) {
      const response = await sendJson(t.app, "POST", "/api/admin/email/send", body, admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(EMAIL_MESSAGES.fillAllFields);
    }
  });
});

describe("SMTP transport", () => {
  it("sends through the SMTP server when configured, and the admin can switch back to the outbox only", async () => {
    const smtp = await startSmtpMailbox();
    const smtpApp = await buildTestApp({ SMTP_URL: smtp.url });
    try {
      const smtpAdmin = await memberCookie(smtpApp, "admin");
      const status = await smtpApp.app.inject({ method: "GET", url: "/api/admin/email/status", headers: { cookie: smtpAdmin.cookie } });
      expect(status.json()).toMatchObject({ transport: "smtp", chosen: null, canSend: true, smtpConfigured: true, gmail: { configured: false, authorized: false } });
      const sent = await sendJson(smtpApp.app, "POST", "/api/admin/email/send", { to: "smtp-reader@example.com", subject: "Over SMTP", body: "<p>Hello</p>" }, smtpAdmin.cookie);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent: true, delivered: true });
      expect(smtp.received.map((mail) => mail.subject)).toEqual(["Over SMTP"]);

      const chosen = await sendJson(smtpApp.app, "PUT", "/api/admin/email/transport", { transport: "outbox" }, smtpAdmin.cookie);
      expect(chosen.json()).toMatchObject({ transport: "outbox", chosen: "outbox", canSend: false });
      // Outbox only, as the admin chose: Send Email keeps the message there and delivers nothing.
      const kept = await sendJson(smtpApp.app, "POST", "/api/admin/email/send", { to: "outbox-reader@example.com", subject: "Kept only", body: "<p>Hello</p>" }, smtpAdmin.cookie);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toEqual({ sent: true, delivered: false });
      expect(smtp.received.map((mail) => mail.subject)).toEqual(["Over SMTP"]);
      const [stored] = await smtpApp.database.db.select().from(outboxMessages).where(eq(outboxMessages.subject, "Kept only"));
      expect(stored).toMatchObject({ to: "outbox-reader@example.com", transport: "outbox", status: "stored" });
    } finally {
      await smtpApp.close();
      await smtp.close();
    }
  });
});

describe("previews and placeholders", () => {
  it("previews a subject and body as a member receives them: sanitized, filled with sample values, admins only", async () => {
    const body = { subject: "News for {{name}}\r\nBcc: x@example.com", body: '<p>Hi {{name}} ({{tier}}, {{email}})</p><script>alert(1)</script><img src=x onerror="alert(2)">' };
    const preview = await sendJson(t.app, "POST", "/api/admin/email/preview", body, admin.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ subject: "News for Ada Lovelace Bcc: x@example.com", html: '<p>Hi Ada Lovelace (Inventor, ada@example.com)</p><img src="x" />' });
    const member = await memberCookie(t, "brand-ceo");
    expect((await sendJson(t.app, "POST", "/api/admin/email/preview", body, member.cookie)).statusCode).toBe(403);
    expect((await sendJson(t.app, "POST", "/api/admin/email/preview", { subject: "x".repeat(301), body: "" }, admin.cookie)).statusCode).toBe(400);
  });

  it("fills a single email's placeholders with the recipient's own account, or the spec's fallbacks", async () => {
    await authorize();
    const member = await memberCookie(t, "entrepreneur", "Grace Hopper");
    const template = { subject: "Hello {{name}}", body: "<p>Your plan: {{tier}}</p>" };
    expect((await sendJson(t.app, "POST", "/api/admin/email/send", { to: member.email.toUpperCase(), ...template }, admin.cookie)).statusCode).toBe(200);
    expect(gmail.sent.at(-1)).toMatchObject({ subject: "Hello Grace Hopper", html: "<p>Your plan: Entrepreneur</p>" });
    expect((await sendJson(t.app, "POST", "/api/admin/email/send", { to: "stranger@example.com", ...template }, admin.cookie)).statusCode).toBe(200);
    expect(gmail.sent.at(-1)).toMatchObject({ subject: "Hello Valued Member", html: "<p>Your plan: Free</p>" });
  });
});

describe("email templates", () => {
  it("starts with the spec's seed templates, and creates, edits and deletes with sanitized bodies", async () => {
    const seeded = (await get("/api/admin/email/templates")).json().templates;
    expect(seeded.map((template: { name: string }) => template.name)).toEqual(SEED_TEMPLATES.map((template) => template.name));
    expect(seeded[0].id).toMatch(/^\d+$/);

    const created = await sendJson(t.app, "POST", "/api/admin/email/templates", { name: "Launch", subject: "Hi {{name}}", body: '<p>New {{tier}}</p><img src="javascript:alert(1)"><script>x()</script>' }, admin.cookie);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "Launch", subject: "Hi {{name}}", body: "<p>New {{tier}}</p><img />" });

    const edited = await sendJson(t.app, "PUT", `/api/admin/email/templates/${created.json().id}`, { name: "Launch 2", subject: "S", body: "<p>B</p>" }, admin.cookie);
    expect(edited.json()).toMatchObject({ id: created.json().id, name: "Launch 2" });
    expect((await sendJson(t.app, "DELETE", `/api/admin/email/templates/${created.json().id}`, undefined, admin.cookie)).statusCode).toBe(204);
    expect((await sendJson(t.app, "DELETE", `/api/admin/email/templates/${created.json().id}`, undefined, admin.cookie)).statusCode).toBe(404);
    expect((await get("/api/admin/email/templates")).json().templates).toHaveLength(SEED_TEMPLATES.length);
  });

  it("answers 'Please fill in all fields' when a field is empty", async () => {
    const response = await sendJson(t.app, "POST", "/api/admin/email/templates", { name: "N", subject: "", body: "B" }, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(EMAIL_MESSAGES.fillAllFields);
  });
});

describe("error log", () => {
  it("keeps the newest 100 entries, newest first, and clears them all", async () => {
    for (let index = 0; index < 102; index += 1) {
      await sendJson(t.app, "POST", "/api/admin/email/gmail/authorize", { code: `4/forged-${index}` }, admin.cookie);
    }
    const entries = (await get("/api/admin/email/errors")).json().entries;
    expect(entries).toHaveLength(100);
    expect(entries[0].details).toContain("Malformed auth code.");
    expect(new Date(entries[0].timestamp).getTime()).toBeGreaterThanOrEqual(new Date(entries[99].timestamp).getTime());
    expect((await sendJson(t.app, "DELETE", "/api/admin/email/errors", undefined, admin.cookie)).statusCode).toBe(204);
    expect((await get("/api/admin/email/errors")).json().entries).toEqual([]);
  });
});
