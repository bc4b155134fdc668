import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifications } from "../../auth/auth.table";
import { appSettings } from "../../settings/settings.table";
import { buildTestApp, cookiesFrom, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { gmailStandInEnv, startGmailStandIn, type GmailStandIn } from "../../test/gmail-stand-in";
import { approvedConsent, authorizeGmail, type ApprovedConsent } from "./gmail-consent.test-support";
import { GMAIL_STATE_LIFETIME_MS } from "./gmail-state";

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

const consentRows = () => t.database.db.select().from(verifications).where(and(like(verifications.identifier, "gmail-consent:%"), eq(verifications.value, admin.userId)));
const storedGrant = async () => (await t.database.db.select().from(appSettings).where(eq(appSettings.key, "mail.gmail")))[0]?.value;
const refused = (response: { statusCode: number; json(): { error: { message: string } } }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().error.message).toBe("This authorization was not started from this admin panel in this browser, was already used, or is older than 15 minutes");
};

describe("the Gmail consent's state", () => {
  let first: ApprovedConsent;
  beforeEach(async () => {
    first = await approvedConsent(t, admin.cookie);
  });

  it("binds the browser with an HttpOnly, SameSite=Lax cookie on the Gmail routes, for as long as the state lives", async () => {
    const started = await sendJson(t.app, "POST", "/api/admin/email/gmail/consent", {}, admin.cookie);
    const cookie = String(started.headers["set-cookie"]);
    expect(cookie).toMatch(/^inventors\.gmail-consent=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/api/admin/email/gmail");
    expect(cookie).toContain(`Max-Age=${GMAIL_STATE_LIFETIME_MS / 1000}`);
    // The state in Google's link is random, and only its hash is stored.
    const state = new URL(started.json().url).searchParams.get("state") ?? "";
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await consentRows()).some((row) => row.identifier.includes(state))).toBe(false);
  });

  it("lives 15 minutes, and is refused once older", async () => {
    const rows = await consentRows();
    const newest = rows.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
    const lifetime = newest.expiresAt.getTime() - newest.createdAt.getTime();
    expect(GMAIL_STATE_LIFETIME_MS).toBe(15 * 60 * 1000);
    expect(lifetime).toBeGreaterThan(GMAIL_STATE_LIFETIME_MS - 5_000);
    expect(lifetime).toBeLessThanOrEqual(GMAIL_STATE_LIFETIME_MS + 1_000);

    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, newest.id));
    const before = gmail.tokenRequests.authorization_code;
    refused(await authorizeGmail(t, first));
    expect(gmail.tokenRequests.authorization_code).toBe(before);
  });

  it("works once: a replay, or another code posted with a used state, never replaces the stored grant", async () => {
    expect((await authorizeGmail(t, first)).statusCode).toBe(200);
    const grant = await storedGrant();
    const exchanges = gmail.tokenRequests.authorization_code;

    refused(await authorizeGmail(t, first));
    const another = await approvedConsent(t, admin.cookie);
    refused(await authorizeGmail(t, { ...another, state: first.state, cookie: first.cookie }));
    expect(gmail.tokenRequests.authorization_code).toBe(exchanges);
    expect(await storedGrant()).toEqual(grant);
  });

  it("lets one of two answers racing with the same state through", async () => {
    const second = await approvedConsent(t, admin.cookie);
    const exchanges = gmail.tokenRequests.authorization_code;
    const answers = await Promise.all([authorizeGmail(t, first), authorizeGmail(t, { ...second, state: first.state, cookie: first.cookie })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(gmail.tokenRequests.authorization_code).toBe(exchanges + 1);
  });

  it("refuses a state started in another browser of the same admin, and leaves it to its own browser", async () => {
    const otherBrowser = cookiesFrom(await sendJson(t.app, "POST", "/api/admin/email/gmail/consent", {}, admin.cookie));
    refused(await authorizeGmail(t, { ...first, cookie: `${admin.cookie}; ${otherBrowser}` }));
    refused(await authorizeGmail(t, { ...first, cookie: admin.cookie }));
    expect((await authorizeGmail(t, first)).statusCode).toBe(200);
  });
});
