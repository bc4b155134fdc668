import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_MESSAGES, type Invitation, type InvitationsResponse } from "../../../common/contracts/invitations";
import type { PaidTier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, signIn, TEST_ORIGIN, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { saveGeneralSettings } from "../settings/settings.service";
import { DEFAULT_GENERAL_SETTINGS } from "../../../common/contracts/settings";
import { invitations } from "./invitations.table";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
});
afterAll(() => t.close());

type OutboxMessage = { to: string; subject: string; text: string; html: string };

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const response = await t.app.inject({ url: "/api/admin/outbox?limit=200", headers: { cookie: admin } });
  return (response.json() as { messages: OutboxMessage[] }).messages.filter((message) => message.to === email.toLowerCase());
}

/** The token of the newest invitation mail to `email`, read from the link in its text. */
async function tokenMailedTo(email: string): Promise<string> {
  const [newest] = await mailsTo(email);
  const link = newest?.text.match(/\S+\/accept-invitation\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  expect(link.startsWith(`${TEST_ORIGIN}/accept-invitation?token=`)).toBe(true);
  return new URL(link).searchParams.get("token") ?? "";
}

async function invite(email: string, tier: PaidTier = "entrepreneur", name = "Ivy Invitee"): Promise<{ invitation: Invitation; token: string }> {
  const response = await sendJson(t.app, "POST", "/api/admin/invitations", { email, name, membershipTier: tier }, admin);
  expect(response.statusCode, response.body).toBe(201);
  return { invitation: (response.json() as { invitation: Invitation }).invitation, token: await tokenMailedTo(email) };
}

const list = async (): Promise<Invitation[]> => ((await t.app.inject({ url: "/api/admin/invitations", headers: { cookie: admin } })).json() as InvitationsResponse).invitations;
const preview = (token: string) => t.app.inject({ url: `/api/invitations/${encodeURIComponent(token)}` });
const accept = (token: string, body: object = { name: "Ivy Invitee", password: "invited-pass", confirmPassword: "invited-pass" }) =>
  sendJson(t.app, "POST", `/api/invitations/${encodeURIComponent(token)}/accept`, body);
const cookieOf = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers["set-cookie"];
  return (Array.isArray(header) ? header : [header]).map((cookie) => String(cookie).split(";")[0]).join("; ");
};
const me = async (cookie: string) => (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user;

describe("admin invitations", () => {
  it("creates an invitation, mails a single-use link with the recipient, community, tier and expiry, and lists it", async () => {
    const email = uniqueEmail("invitee");
    const { invitation } = await invite(email, "brand-ceo", "Ivy <b>Bold</b>");
    expect(invitation).toMatchObject({ email, name: "Ivy <b>Bold</b>", membershipTier: "brand-ceo", status: "pending" });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.invitedAt)) / 86_400_000;
    expect(days).toBe(7);

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("You're invited to join Inventors Community");
    expect(mail?.text).toContain("Hi Ivy <b>Bold</b>");
    expect(mail?.text).toContain("with the Brand CEO membership");
    const expiry = new Date(invitation.expiresAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    expect(mail?.text).toContain(`expires on ${expiry}`);
    expect(mail?.html).toContain("Ivy &#60;b&#62;Bold&#60;/b&#62;");
    expect(mail?.html).not.toContain("<b>Bold");

    expect((await list()).find((item) => item.id === invitation.id)).toEqual(invitation);
    const stored = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.tokenHash).not.toBe(await tokenMailedTo(email));
  });

  it("names the community from General Settings in the mail", async () => {
    await saveGeneralSettings(t.database.db, { ...DEFAULT_GENERAL_SETTINGS, communityName: "Garage Makers" });
    try {
      const email = uniqueEmail("community");
      await invite(email);
      const [mail] = await mailsTo(email);
      expect(mail?.subject).toBe("You're invited to join Garage Makers");
      expect(mail?.text).toContain("join Garage Makers with the Entrepreneur membership");
    } finally {
      await saveGeneralSettings(t.database.db, DEFAULT_GENERAL_SETTINGS);
    }
  });

  it("validates email, name and tier with per-field messages", async () => {
    const response = await sendJson(t.app, "POST", "/api/admin/invitations", { email: "not-an-email", name: " ", membershipTier: "free" }, admin);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toMatchObject({ email: "Please enter a valid email address", name: "Name is required", membershipTier: "Tier must be one of inventor, entrepreneur or brand-ceo" });
  });

  it("refuses an email that already has an account, whatever its case", async () => {
    const member = await memberCookie(t, "free");
    const response = await sendJson(t.app, "POST", "/api/admin/invitations", { email: member.email.toUpperCase(), name: "Already", membershipTier: "inventor" }, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ message: INVITATION_MESSAGES.alreadyMember, fields: { email: INVITATION_MESSAGES.alreadyMember } });
  });

  it("refuses to replace a live invitation to the same address unless the admin agrees, then refreshes it in place", async () => {
    const email = uniqueEmail("twice");
    const first = await invite(email, "inventor", "First Name");
    const again = await sendJson(t.app, "POST", "/api/admin/invitations", { email: email.toUpperCase(), name: "Second Name", membershipTier: "entrepreneur" }, admin);
    expect(again.statusCode).toBe(409);
    const sentOn = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(first.invitation.invitedAt));
    const warning = INVITATION_MESSAGES.replacesPending(email, "Inventor", sentOn);
    expect(again.json().error).toMatchObject({ code: "CONFLICT", message: warning, fields: { replace: warning } });
    // Nothing changed: the earlier link works and no second mail went out.
    expect((await preview(first.token)).json()).toEqual({ email, name: "First Name", membershipTier: "inventor" });
    expect(await mailsTo(email)).toHaveLength(1);

    const replaced = await sendJson(t.app, "POST", "/api/admin/invitations", { email: email.toUpperCase(), name: "Second Name", membershipTier: "entrepreneur", replace: true }, admin);
    expect(replaced.statusCode).toBe(201);
    const second = { invitation: (replaced.json() as { invitation: Invitation }).invitation, token: await tokenMailedTo(email) };
    expect(second.invitation.id).toBe(first.invitation.id);
    expect((await list()).filter((item) => item.email === email)).toEqual([{ ...second.invitation, email }]);
    expect((await preview(first.token)).statusCode).toBe(404);
    expect((await preview(second.token)).json()).toEqual({ email, name: "Second Name", membershipTier: "entrepreneur" });
  });

  it("refreshes an expired invitation to the same address without asking: its link was dead already", async () => {
    const email = uniqueEmail("expired-again");
    const first = await invite(email, "inventor");
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, first.invitation.id));
    const second = await invite(email, "brand-ceo");
    expect(second.invitation).toMatchObject({ id: first.invitation.id, membershipTier: "brand-ceo", status: "pending" });
  });

  it("lists pending invitations first, then the newest", async () => {
    const older = await invite(uniqueEmail("order-a"));
    const used = await invite(uniqueEmail("order-b"));
    const newer = await invite(uniqueEmail("order-c"));
    expect((await accept(used.token)).statusCode).toBe(201);
    const ids = (await list()).map((item) => item.id);
    const [posOlder, posUsed, posNewer] = [older, used, newer].map(({ invitation }) => ids.indexOf(invitation.id));
    expect(posNewer).toBeLessThan(posOlder as number);
    expect(posOlder).toBeLessThan(posUsed as number);
    const statuses = (await list()).map((item) => item.status);
    expect(statuses.lastIndexOf("pending")).toBeLessThan(statuses.indexOf("accepted"));
  });

  it("resends with a new link and expiry (the old link stops working) and a second mail", async () => {
    const email = uniqueEmail("resend");
    const { invitation, token } = await invite(email);
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(invitations.id, invitation.id));
    const response = await sendJson(t.app, "POST", `/api/admin/invitations/${invitation.id}/resend`, undefined, admin);
    expect(response.statusCode).toBe(200);
    const resent: Invitation = response.json().invitation;
    expect(Date.parse(resent.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(await mailsTo(email)).toHaveLength(2);
    const newToken = await tokenMailedTo(email);
    expect(newToken).not.toBe(token);
    expect((await preview(token)).statusCode).toBe(404);
    expect((await accept(token)).statusCode).toBe(404);
    expect((await preview(newToken)).statusCode).toBe(200);
  });

  it("deletes a pending invitation (its link stops working); accepted ones can be neither resent nor deleted", async () => {
    const pending = await invite(uniqueEmail("delete"));
    expect((await sendJson(t.app, "DELETE", `/api/admin/invitations/${pending.invitation.id}`, undefined, admin)).statusCode).toBe(204);
    expect((await list()).some((item) => item.id === pending.invitation.id)).toBe(false);
    expect((await preview(pending.token)).statusCode).toBe(404);

    const accepted = await invite(uniqueEmail("kept"));
    expect((await accept(accepted.token)).statusCode).toBe(201);
    const resend = await sendJson(t.app, "POST", `/api/admin/invitations/${accepted.invitation.id}/resend`, undefined, admin);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.message).toBe(INVITATION_MESSAGES.notPending);
    expect((await sendJson(t.app, "DELETE", `/api/admin/invitations/${accepted.invitation.id}`, undefined, admin)).statusCode).toBe(409);
    expect((await sendJson(t.app, "DELETE", "/api/admin/invitations/no-such-id", undefined, admin)).statusCode).toBe(404);
    expect((await sendJson(t.app, "POST", "/api/admin/invitations/no-such-id/resend", undefined, admin)).statusCode).toBe(404);
  });

  it("answers members 403 and visitors 401 on every admin endpoint", async () => {
    const { invitation } = await invite(uniqueEmail("guarded"));
    const member = (await memberCookie(t, "brand-ceo")).cookie;
    const body = { email: uniqueEmail("nope"), name: "Nope", membershipTier: "inventor" };
    for (const cookie of [member, undefined]) {
      const expected = cookie ? 403 : 401;
      expect((await t.app.inject({ url: "/api/admin/invitations", headers: cookie ? { cookie } : {} })).statusCode).toBe(expected);
      expect((await sendJson(t.app, "POST", "/api/admin/invitations", body, cookie)).statusCode).toBe(expected);
      expect((await sendJson(t.app, "POST", `/api/admin/invitations/${invitation.id}/resend`, undefined, cookie)).statusCode).toBe(expected);
      expect((await sendJson(t.app, "DELETE", `/api/admin/invitations/${invitation.id}`, undefined, cookie)).statusCode).toBe(expected);
    }
    expect(await mailsTo(body.email)).toHaveLength(0);
    expect((await list()).find((item) => item.id === invitation.id)?.status).toBe("pending");
  });
});

describe("accepting an invitation", () => {
  it("shows the invitation, then creates a signed-in, active account in the invited tier and marks it accepted", async () => {
    const email = uniqueEmail("accept");
    const { invitation, token } = await invite(email, "entrepreneur", "Ada Accepts");
    expect((await preview(token)).json()).toEqual({ email, name: "Ada Accepts", membershipTier: "entrepreneur" });

    const response = await accept(token, { name: "Ada Lovelace", password: "invited-pass", confirmPassword: "invited-pass" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ email, membershipTier: "entrepreneur" });
    const profile = await me(cookieOf(response));
    expect(profile).toMatchObject({ email, name: "Ada Lovelace", role: "user", membershipTier: "entrepreneur", isActive: true });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: true, tierOverride: "entrepreneur", membershipTier: "entrepreneur" });
    expect((await list()).find((item) => item.id === invitation.id)?.status).toBe("accepted");
    const [stored] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored?.acceptedUserId).toBe(user?.id);
    // The password chosen on the page is the account's password.
    expect(await me(await signIn(t.app, email, "invited-pass"))).toMatchObject({ email });
  });

  it("refuses the link a second time", async () => {
    const email = uniqueEmail("reuse");
    const { token } = await invite(email);
    expect((await accept(token)).statusCode).toBe(201);
    const again = await accept(token, { name: "Mallory", password: "other-pass", confirmPassword: "other-pass" });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(INVITATION_MESSAGES.invalidLink);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect((await preview(token)).json().error.message).toBe(INVITATION_MESSAGES.invalidLink);
    const accounts = await t.database.db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(accounts).toEqual([{ name: "Ivy Invitee" }]);
  });

  it("refuses an unknown link", async () => {
    expect((await preview("made-up-token")).statusCode).toBe(404);
    expect((await accept("made-up-token")).statusCode).toBe(404);
  });

  it("refuses an expired link with 410, lists it as expired, and a resend makes it usable again", async () => {
    const email = uniqueEmail("expired");
    const { invitation, token } = await invite(email);
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, invitation.id));
    const seen = await preview(token);
    expect(seen.statusCode).toBe(410);
    expect(seen.json().error.message).toBe(INVITATION_MESSAGES.expiredLink);
    expect((await accept(token)).statusCode).toBe(410);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await list()).find((item) => item.id === invitation.id)?.status).toBe("expired");

    expect((await sendJson(t.app, "POST", `/api/admin/invitations/${invitation.id}/resend`, undefined, admin)).statusCode).toBe(200);
    expect((await list()).find((item) => item.id === invitation.id)?.status).toBe("pending");
    expect((await accept(await tokenMailedTo(email))).statusCode).toBe(201);
  });

  it("lets exactly one of two simultaneous accepts create the account", async () => {
    const email = uniqueEmail("race");
    const { token } = await invite(email);
    const answers = await Promise.all([
      accept(token, { name: "Racer One", password: "racer-one", confirmPassword: "racer-one" }),
      accept(token, { name: "Racer Two", password: "racer-two", confirmPassword: "racer-two" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404]);
    const [count] = await t.database.db.select({ value: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email));
    expect(count?.value).toBe(1);
  });

  it("checks the form with the spec's messages and keeps the link usable", async () => {
    const { token } = await invite(uniqueEmail("form"));
    const short = await accept(token, { name: "Short", password: "12345", confirmPassword: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe("Password must be at least 6 characters long");
    const mismatch = await accept(token, { name: "Mismatch", password: "123456", confirmPassword: "654321" });
    expect(mismatch.json().error.fields.confirmPassword).toBe("Passwords do not match");
    expect((await accept(token, { name: "", password: "123456", confirmPassword: "123456" })).json().error.fields.name).toBe("Name is required");
    expect((await preview(token)).statusCode).toBe(200);
  });

  it("gives the link back when the address got an account meanwhile", async () => {
    const email = uniqueEmail("meanwhile");
    const { token } = await invite(email);
    await sendJson(t.app, "POST", "/api/auth/sign-up/email", { name: "Quick", email, password: "quick-pass" });
    const response = await accept(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.email).toBe(INVITATION_MESSAGES.alreadyMember);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it("works while registration is closed and approval is required: the invitee is let in at once", async () => {
    await saveGeneralSettings(t.database.db, { ...DEFAULT_GENERAL_SETTINGS, allowRegistration: false, requireApproval: true });
    try {
      const email = uniqueEmail("closed");
      const { token } = await invite(email, "inventor");
      const response = await accept(token);
      expect(response.statusCode, response.body).toBe(201);
      expect(await me(cookieOf(response))).toMatchObject({ email, membershipTier: "inventor", isActive: true });
    } finally {
      await saveGeneralSettings(t.database.db, DEFAULT_GENERAL_SETTINGS);
    }
  });
});

describe("invitation link rate limit", () => {
  it("answers 429 after too many attempts from one address", async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_IP: "3" });
    try {
      const codes: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        codes.push((await sendJson(limited.app, "POST", "/api/invitations/guess/accept", { name: "x", password: "123456", confirmPassword: "123456" })).statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
