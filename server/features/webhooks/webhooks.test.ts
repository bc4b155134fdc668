import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpointWithSecret } from "../../../common/contracts/webhooks";
import { advanceLocalSubscription } from "../../billing/local/local.service";
import { createSecretBox } from "../../mail/secret-box";
import { buildTestApp, memberCookie, sendJson, signUp, TEST_SECRET, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { eventually, subscribeLocally } from "../account-data/account-data.test-support";
import { users } from "../../auth/auth.table";
import { loadEnv } from "../../env";
import { startReceiver } from "./webhook-receiver.test-support";
import { emitWebhookEvent } from "./webhook-events";
import { verifyWebhookSignature } from "./webhook-signature";
import { relayWebhookDeliveries, trimWebhookLog } from "./webhooks.job";
import { webhookDeliveries, webhookEndpoints } from "./webhooks.table";

// The receiver runs on 127.0.0.1: only this app may reach it (WEBHOOK_ALLOW_PRIVATE, refused in production).
let t: TestApp;
// The production rules: no allowance, its own database (its workers must not take the other app's jobs).
let guarded: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: { cookie: string; userId: string };
let guardedAdmin: { cookie: string; userId: string };

beforeAll(async () => {
  receiver = await startReceiver({ "/flaky": [500, 500, 200] });
  t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAY_SECONDS: "1" });
  guarded = await buildTestApp({ WEBHOOK_RETRY_DELAY_SECONDS: "1" });
  await Promise.all([t.jobs.start(), guarded.jobs.start()]);
  admin = await memberCookie(t, "admin");
  guardedAdmin = await memberCookie(guarded, "admin");
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close()]);
  await receiver?.close();
});

async function register(app: TestApp, cookie: string, body: object): Promise<WebhookEndpointWithSecret> {
  const response = await sendJson(app.app, "POST", "/api/admin/webhooks", body, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().endpoint;
}

async function deliveries(app: TestApp, cookie: string, endpointId: string, query = ""): Promise<WebhookDeliveryPage> {
  const response = await app.app.inject({ method: "GET", url: `/api/admin/webhooks/${endpointId}/deliveries${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function settled(app: TestApp, cookie: string, endpointId: string, deliveryId: string, ms = 30_000): Promise<WebhookDelivery> {
  return eventually(async () => {
    const found = (await deliveries(app, cookie, endpointId, "?limit=100")).deliveries.find((delivery) => delivery.id === deliveryId);
    return found && (found.status === "succeeded" || found.status === "failed") ? found : null;
  }, ms);
}

describe("registering endpoints", () => {
  it("shows the signing secret on create, never in the list, again on reveal, and a new one on rotate", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/crm"), description: "CRM", events: ["member.joined", "member.joined"] });
    expect(endpoint).toMatchObject({ url: receiver.url("/crm"), description: "CRM", events: ["member.joined"], enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await t.app.inject({ method: "GET", url: "/api/admin/webhooks", headers: { cookie: admin.cookie } });
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.json().events.map((event: { type: string }) => event.type)).toEqual(["member.joined", "member.tier_changed", "subscription.cancelled", "payment.failed", "post.created"]);
    const revealed = await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/secret`, {}, admin.cookie);
    expect(revealed.json().secret).toBe(endpoint.secret);
    expect(revealed.headers["cache-control"]).toBe("no-store");
    const rotated = (await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/secret/rotate`, {}, admin.cookie)).json().secret;
    expect(rotated).not.toBe(endpoint.secret);
    expect((await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/secret`, {}, admin.cookie)).json().secret).toBe(rotated);
    // Stored sealed: the database never holds the secret as text.
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.sealedSecret).not.toContain(rotated);
    expect((await sendJson(t.app, "DELETE", `/api/admin/webhooks/${endpoint.id}`, undefined, admin.cookie)).statusCode).toBe(204);
  });

  it("refuses a missing event list, an unknown event and an address that is not http(s), naming the field", async () => {
    const cases = [
      [{ url: receiver.url("/x"), events: [] }, "events", "Choose at least one event"],
      [{ url: receiver.url("/x"), events: ["member.left"] }, "events.0", "Unknown event"],
      [{ url: "ftp://example.com/hook", events: ["post.created"] }, "url", "Enter a full address starting with https://"],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await sendJson(t.app, "POST", "/api/admin/webhooks", body, admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  it("never lets production reach private addresses: the test allowance stops the start there", () => {
    expect(() => loadEnv({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE: "true" })).toThrow(/WEBHOOK_ALLOW_PRIVATE: only for tests/);
    expect(loadEnv({ NODE_ENV: "production" }).WEBHOOK_ALLOW_PRIVATE).toBe(false);
  });

  it("refuses loopback, private, link-local and metadata addresses, and plain http, by default", async () => {
    for (const url of ["https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://169.254.169.254/latest", "https://[::1]/hook", "https://localhost/hook", "https://192.168.0.10/hook"]) {
      const response = await sendJson(guarded.app, "POST", "/api/admin/webhooks", { url, events: ["post.created"] }, guardedAdmin.cookie);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields.url, url).toMatch(/private, loopback or link-local/);
    }
    const plain = await sendJson(guarded.app, "POST", "/api/admin/webhooks", { url: "http://203.0.114.7/hook", events: ["post.created"] }, guardedAdmin.cookie);
    expect(plain.json().error.fields.url).toBe("Use an https:// address: events carry member data");
    expect(await guarded.database.db.$count(webhookEndpoints)).toBe(0);
  });
});

describe("delivering", () => {
  it("sends a signed test event whose signature verifies, whose timestamp ages out, and logs the answer", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/signed"), events: ["post.created"] });
    const sent = await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/test`, {}, admin.cookie);
    expect(sent.statusCode).toBe(202);
    const delivery = await settled(t, admin.cookie, endpoint.id, sent.json().delivery.id);
    expect(delivery).toMatchObject({ status: "succeeded", eventType: "webhook.test", attempts: [expect.objectContaining({ attempt: 1, statusCode: 200, responseExcerpt: "thanks", error: null })] });
    const request = receiver.received.find((entry) => entry.path === "/signed");
    if (!request) throw new Error("nothing received");
    const header = String(request.headers["x-webhook-signature"]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(endpoint.secret, request.body, header)).toBe(true);
    // A replay ten minutes later, a changed body and another secret all fail.
    const timestamp = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(verifyWebhookSignature(endpoint.secret, request.body, header, timestamp + 600)).toBe(false);
    expect(verifyWebhookSignature(endpoint.secret, request.body.replace("test", "tost"), header)).toBe(false);
    expect(verifyWebhookSignature("whsec_other", request.body, header)).toBe(false);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ id: delivery.eventId, type: "webhook.test", data: { endpoint_id: endpoint.id } });
    expect(request.headers).toMatchObject({ "x-webhook-id": delivery.eventId, "x-webhook-event": "webhook.test", "x-webhook-attempt": "1", "content-type": "application/json" });
  });

  it("retries a 500 with a growing wait until it succeeds, logging each answer under one event id", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/flaky"), events: ["post.created"] });
    const sent = (await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/test`, {}, admin.cookie)).json().delivery;
    const delivery = await settled(t, admin.cookie, endpoint.id, sent.id);
    expect(delivery.status).toBe("succeeded");
    expect(delivery.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([[1, 500], [2, 500], [3, 200]]);
    // The answer is kept, cut to an excerpt.
    expect(delivery.attempts[0]?.responseExcerpt).toMatch(/^oops x+$/);
    expect(delivery.attempts[0]?.responseExcerpt.length).toBe(1024);
    expect(delivery.attempts[0]?.error).toBe("Answered 500");
    const requests = receiver.received.filter((entry) => entry.path === "/flaky");
    expect(new Set(requests.map((entry) => entry.headers["x-webhook-id"]))).toEqual(new Set([delivery.eventId]));
    const [first, second, third] = requests.map((entry) => entry.at);
    // pg-boss's backoff: the first retry after 1 to 2 s, the second after 2 to 4 s.
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(900);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(1900);
  }, 40_000);

  it("hands a delivery to pg-boss once, however often the relay sees it (a crash between relay steps)", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/once"), events: ["post.created"] });
    const sent = (await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/test`, {}, admin.cookie)).json().delivery;
    await settled(t, admin.cookie, endpoint.id, sent.id);
    await t.database.db.update(webhookDeliveries).set({ enqueuedAt: null }).where(eq(webhookDeliveries.id, sent.id));
    await relayWebhookDeliveries({ db: t.database.db, jobs: t.jobs });
    const jobs = (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where id = ${sent.id}::uuid`)) as unknown as { rows: Array<{ n: number }> };
    expect(jobs.rows[0]?.n).toBe(1);
    expect(receiver.received.filter((entry) => entry.path === "/once")).toHaveLength(1);
  });

  it("refuses at delivery time an address that became private after registration, and a resend is a new delivery of the same event", async () => {
    const box = createSecretBox(TEST_SECRET);
    // As if DNS changed after registration: rows written behind the guard's back.
    const [literal, named] = await guarded.database.db
      .insert(webhookEndpoints)
      .values([
        { url: receiver.url("/inside"), events: ["post.created"], sealedSecret: box.seal("whsec_x") },
        { url: receiver.url("/inside").replace("127.0.0.1", "localhost"), events: ["post.created"], sealedSecret: box.seal("whsec_x") },
      ])
      .returning();
    if (!literal || !named) throw new Error("no endpoints");
    expect(await emitWebhookEvent(guarded.database.db, "post.created", { post: { id: 1 } })).toBe(2);
    for (const endpoint of [literal, named]) {
      const [queued] = (await deliveries(guarded, guardedAdmin.cookie, endpoint.id)).deliveries;
      const delivery = await settled(guarded, guardedAdmin.cookie, endpoint.id, queued?.id ?? "");
      expect(delivery.status).toBe("failed");
      expect(delivery.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: null, error: expect.stringMatching(/^Refused: /) })]);
    }
    expect(receiver.received.filter((entry) => entry.path === "/inside")).toEqual([]);
    // The test button refuses it outright.
    expect((await sendJson(guarded.app, "POST", `/api/admin/webhooks/${literal.id}/test`, {}, guardedAdmin.cookie)).statusCode).toBe(400);

    const [failed] = (await deliveries(guarded, guardedAdmin.cookie, literal.id)).deliveries;
    const resent = await sendJson(guarded.app, "POST", `/api/admin/webhooks/${literal.id}/deliveries/${failed?.id}/resend`, {}, guardedAdmin.cookie);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().delivery).toMatchObject({ eventId: failed?.eventId, resentFrom: failed?.id, status: "pending" });
    expect((await settled(guarded, guardedAdmin.cookie, literal.id, resent.json().delivery.id)).status).toBe("failed");
  });

  it("resends only failed deliveries, and pages the log newest first", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/paged"), events: ["post.created"] });
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/test`, {}, admin.cookie)).json().delivery.id);
    const first = await deliveries(t, admin.cookie, endpoint.id, "?limit=2");
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual([ids[2], ids[1]]);
    const second = await deliveries(t, admin.cookie, endpoint.id, `?limit=2&before=${encodeURIComponent(first.nextBefore ?? "")}`);
    expect(second).toMatchObject({ deliveries: [expect.objectContaining({ id: ids[0] })], nextBefore: null });
    const done = await settled(t, admin.cookie, endpoint.id, ids[0] ?? "");
    const refused = await sendJson(t.app, "POST", `/api/admin/webhooks/${endpoint.id}/deliveries/${done.id}/resend`, {}, admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Only a failed delivery can be sent again");
  });
});

describe("event sources", () => {
  it("raises each event once, with the member's id, email, name and tier, and drops a deleted member's deliveries", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/everything"), events: ["member.joined", "member.tier_changed", "subscription.cancelled", "payment.failed", "post.created"] });
    const email = uniqueEmail("hooked");
    const cookie = await signUp(t.app, { name: "Hooked Member", email, password: "secret1" });
    const [member] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = member?.id ?? "";
    await subscribeLocally(t, cookie, userId, "inventor");
    if (!t.billing) throw new Error("no billing");
    expect(await advanceLocalSubscription(t.billing, userId, "fail")).toBe("past_due");
    expect(await advanceLocalSubscription(t.billing, userId, "cancel")).toBe("canceled");
    const posted = await sendJson(t.app, "POST", "/api/community/posts", { content: "Hello from a hooked member", category: "general" }, cookie);
    expect(posted.statusCode, posted.body).toBe(201);

    const rows = await t.database.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.subjectUserId, userId))).orderBy(webhookDeliveries.createdAt);
    const payloads = rows.map((row) => row.payload as { type: string; data: Record<string, unknown> });
    expect(payloads.map((payload) => payload.type)).toEqual(["member.joined", "member.tier_changed", "payment.failed", "subscription.cancelled", "member.tier_changed", "post.created"]);
    const person = { id: userId, email, name: "Hooked Member" };
    expect(payloads[0]?.data).toEqual({ member: { ...person, tier: "free" } });
    expect(payloads[1]?.data).toEqual({ member: { ...person, tier: "inventor" }, previous_tier: "free" });
    expect(payloads[2]?.data).toEqual({ member: { ...person, tier: "inventor" }, tier: "inventor" });
    expect(payloads[3]?.data).toMatchObject({ member: person, tier: "inventor", at_period_end: false });
    expect(payloads[4]?.data).toEqual({ member: { ...person, tier: "free" }, previous_tier: "inventor" });
    expect(payloads[5]?.data).toMatchObject({ post: { id: posted.json().id, excerpt: "Hello from a hooked member", author: { id: userId, name: "Hooked Member" }, url: expect.stringMatching(/\/members\/community\?post=\d+$/) } });
    // Every one reaches the receiver.
    await eventually(async () => receiver.received.filter((entry) => entry.path === "/everything").length >= 6);

    // An admin's tier change is one more.
    const changed = await sendJson(t.app, "PATCH", `/api/admin/users/${userId}`, { membershipTier: "entrepreneur" }, admin.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await t.database.db.$count(webhookDeliveries, and(eq(webhookDeliveries.eventType, "member.tier_changed"), eq(webhookDeliveries.subjectUserId, userId)))).toBe(3);

    expect((await sendJson(t.app, "DELETE", `/api/admin/users/${userId}`, undefined, admin.cookie)).statusCode).toBe(204);
    expect(await t.database.db.$count(webhookDeliveries, sql`${webhookDeliveries.payload}::text like ${`%${email}%`}`)).toBe(0);
  }, 40_000);

  it("raises nothing for a disabled endpoint, and keeps the log 30 days", async () => {
    const endpoint = await register(t, admin.cookie, { url: receiver.url("/off"), events: ["member.joined"] });
    expect((await sendJson(t.app, "PATCH", `/api/admin/webhooks/${endpoint.id}`, { enabled: false }, admin.cookie)).json().endpoint.enabled).toBe(false);
    await memberCookie(t, "free");
    expect(await t.database.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, endpoint.id))).toBe(0);

    const old = new Date(Date.now() - 31 * 86_400_000);
    await t.database.db.insert(webhookDeliveries).values({ endpointId: endpoint.id, eventId: crypto.randomUUID(), eventType: "member.joined", payload: {}, createdAt: old, enqueuedAt: old, status: "succeeded" });
    expect(await trimWebhookLog(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, endpoint.id))).toBe(0);
  });
});
