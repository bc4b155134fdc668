import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { CALL_REQUEST_MESSAGES, type CallRequest } from "../../../common/contracts/call-requests";
import type { AuditLogPage } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "../../test/build-test-app";
import { CALL_REQUESTS_PER_HOUR } from "./call-requests.routes";
import { CONFIRMATIONS_PER_DAY } from "./call-requests.service";

let t: TestApp;
let admin: { cookie: string; email: string };
let otherAdmin: { email: string };
let retiredAdmin: { email: string };
beforeAll(async () => {
  // A trusted proxy header lets each test come from its own address, so the per-address limit is testable.
  t = await buildTestApp({ TRUSTED_PROXY: "x-forwarded-for" });
  admin = await memberCookie(t, "admin");
  otherAdmin = await memberCookie(t, "admin");
  const retired = await memberCookie(t, "admin");
  await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, retired.userId));
  retiredAdmin = retired;
});
afterAll(() => t.close());

const valid = { name: "Pat Inventor", email: "pat@inventor.example", phone: "+1 (555) 010-2030", preferredTimes: "Weekdays after 3 PM ET", topic: "Letter ref 4471: a folding ladder" };

const requestCall = (body: unknown, address: string) =>
  t.app.inject({ method: "POST", url: "/api/call-requests", payload: body as object, headers: { origin: TEST_ORIGIN, "x-forwarded-for": address } });
const listRequests = (cookie?: string) => t.app.inject({ url: "/api/admin/call-requests", headers: cookie ? { cookie } : {} });
const markHandled = (id: string, cookie?: string) =>
  t.app.inject({ method: "POST", url: `/api/admin/call-requests/${id}/handled`, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

describe("request a call (/ref-number without a booking calendar)", () => {
  it("stores a visitor's request, lists it for admins and mails every active admin", async () => {
    const sent = await requestCall(valid, "203.0.113.1");
    expect(sent.statusCode, sent.body).toBe(201);
    const created: CallRequest = sent.json().callRequest;
    expect(created).toMatchObject({ ...valid, handledAt: null, handledByEmail: null });

    const listed = await listRequests(admin.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().callRequests).toContainEqual(created);

    const mails = await t.database.db.select().from(outboxMessages);
    const recipients = mails.filter((mail) => mail.subject === `Inventors Community: ${valid.name} asks for a call`).map((mail) => mail.to);
    expect(recipients.sort()).toEqual([admin.email, otherAdmin.email].sort());
    expect(recipients).not.toContain(retiredAdmin.email);
    const mail = mails.find((entry) => entry.to === admin.email && entry.subject.endsWith("asks for a call"));
    for (const value of Object.values(valid)) expect(mail?.text).toContain(value);
  });

  it(`confirms to the address given, in fixed words, at most ${CONFIRMATIONS_PER_DAY} times a day however many addresses ask`, async () => {
    const asker = { ...valid, email: "Confirm.Me@inventor.example", topic: "Visit https://spam.example for a prize" };
    const confirmations = async () =>
      (await t.database.db.select().from(outboxMessages)).filter((mail) => mail.to === asker.email.toLowerCase() || mail.to === asker.email).filter((mail) => mail.subject === "Inventors Community: we received your request for a call");
    expect((await requestCall(asker, "192.0.2.10")).statusCode).toBe(201);
    const [confirmation] = await confirmations();
    expect(confirmation?.text).toContain("We received your request and will call you at one of the times you gave");
    // Nothing a visitor typed reaches the inbox of the address they gave.
    for (const typed of [asker.name, asker.phone, asker.preferredTimes, asker.topic]) {
      expect(confirmation?.text).not.toContain(typed);
      expect(confirmation?.html).not.toContain(typed);
    }
    for (const address of ["192.0.2.11", "192.0.2.12", "192.0.2.13"]) expect((await requestCall(asker, address)).statusCode).toBe(201);
    expect(await confirmations()).toHaveLength(CONFIRMATIONS_PER_DAY);
    // The request itself is always kept and always reaches the admins.
    expect((await listRequests(admin.cookie)).json().callRequests.filter((entry: CallRequest) => entry.email === asker.email.toLowerCase() || entry.email === asker.email)).toHaveLength(4);
  });

  it("refuses a request with a missing or malformed field, naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, name: "  " }, "name", AUTH_MESSAGES.nameRequired],
      [{ ...valid, email: "x@y.z" }, "email", AUTH_MESSAGES.emailInvalid],
      [{ ...valid, phone: "call me" }, "phone", CALL_REQUEST_MESSAGES.phoneInvalid],
      [{ ...valid, preferredTimes: "" }, "preferredTimes", CALL_REQUEST_MESSAGES.preferredTimesRequired],
      [{ ...valid, topic: undefined }, "topic", CALL_REQUEST_MESSAGES.topicRequired],
    ];
    for (const [body, field, message] of cases) {
      const refused = await requestCall(body, "203.0.113.2");
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.fields[field], field).toBe(message);
    }
  });

  it(`allows ${CALL_REQUESTS_PER_HOUR} requests an hour from one address, then answers 429; another address is not affected`, async () => {
    for (let sent = 0; sent < CALL_REQUESTS_PER_HOUR; sent += 1) expect((await requestCall(valid, "198.51.100.7")).statusCode).toBe(201);
    const limited = await requestCall(valid, "198.51.100.7");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await requestCall(valid, "198.51.100.8")).statusCode).toBe(201);
  });

  it("lists requests to admins only", async () => {
    expect((await listRequests()).statusCode).toBe(401);
    expect((await listRequests((await memberCookie(t, "brand-ceo")).cookie)).statusCode).toBe(403);
    expect((await markHandled("00000000-0000-4000-8000-000000000000")).statusCode).toBe(401);
  });

  it("marks a request handled once, by whom, with an audit entry; open requests stay first", async () => {
    const first: CallRequest = (await requestCall({ ...valid, name: "First Caller" }, "203.0.113.3")).json().callRequest;
    const second: CallRequest = (await requestCall({ ...valid, name: "Second Caller" }, "203.0.113.3")).json().callRequest;

    const handled = await markHandled(second.id, admin.cookie);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().callRequest).toMatchObject({ id: second.id, handledByEmail: admin.email });
    const handledAt = handled.json().callRequest.handledAt;
    expect(Date.parse(handledAt)).not.toBeNaN();
    // Marking it again keeps the first admin and time, and writes no second entry.
    expect((await markHandled(second.id, admin.cookie)).json().callRequest.handledAt).toBe(handledAt);

    const ids = (await listRequests(admin.cookie)).json().callRequests.map((entry: CallRequest) => entry.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));

    const log: AuditLogPage = (await t.app.inject({ url: "/api/admin/audit-log?page=1&pageSize=50", headers: { cookie: admin.cookie } })).json();
    const entries = log.entries.filter((entry) => entry.action === "handle-call-request");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, targetEmail: valid.email });

    expect((await markHandled("00000000-0000-4000-8000-000000000000", admin.cookie)).statusCode).toBe(404);
    expect((await markHandled("not-an-id", admin.cookie)).statusCode).toBe(400);
  });
});
