import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGING_MESSAGES, type ReportedConversation } from "../../../common/contracts/messages";
import { buildTestApp, sendJson, type TestApp } from "../../test/build-test-app";
import { getJson, seasonedMember, send, started, type Member } from "./messages.test-support";

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  admin = await seasonedMember(t, "admin", "Alan Admin");
});
afterAll(() => t.close());

const report = (member: Member, conversationId: number, reason: string) => sendJson(t.app, "POST", `/api/messages/conversations/${conversationId}/report`, { reason }, member.cookie);
const adminRead = (reportId: number) => t.app.inject({ url: `/api/admin/message-reports/${reportId}`, headers: { cookie: admin.cookie } });
const decide = (reportId: number, decision: string, cookie = admin.cookie) => sendJson(t.app, "POST", `/api/admin/message-reports/${reportId}/decision`, { decision }, cookie);

describe("reported conversations", () => {
  it("opens a reported conversation to moderators, only while the report is open, and no other conversation ever", async () => {
    const [victim, spammer, bystander] = [await seasonedMember(t, "inventor", "Vera Victim"), await seasonedMember(t, "brand-ceo", "Sam Spammer"), await seasonedMember(t, "inventor")];
    const { conversationId } = await started(t, spammer, victim, "Buy followers cheap");
    await send(t, victim, conversationId, "No thanks");
    const unreported = await started(t, spammer, bystander, "A private word");

    expect((await report(bystander, conversationId, "spam")).statusCode).toBe(404);
    expect((await report(victim, conversationId, "x")).statusCode).toBe(400);
    const made = await report(victim, conversationId, "Unsolicited advertising");
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ message: MESSAGING_MESSAGES.reported });
    const twice = await report(victim, conversationId, "Again");
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, MESSAGING_MESSAGES.alreadyReported]);
    expect((await getJson(t, victim, `/api/messages/conversations/${conversationId}`)).conversation.reportedByMe).toBe(true);

    expect((await t.app.inject({ url: "/api/admin/message-reports", headers: { cookie: victim.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/message-reports" })).statusCode).toBe(401);
    const queue = (await getJson(t, admin, "/api/admin/message-reports")).reports;
    expect(queue).toEqual([expect.objectContaining({ conversationId, reason: "Unsolicited advertising", reporter: expect.objectContaining({ name: "Vera Victim" }), reported: expect.objectContaining({ name: "Sam Spammer", id: spammer.userId }) })]);
    const reportId: number = queue[0].id;
    const read: ReportedConversation = (await adminRead(reportId)).json();
    expect(read.messages.map((message) => [message.fromReported, message.body])).toEqual([
      [true, "Buy followers cheap"],
      [false, "No thanks"],
    ]);
    // No way in without a report: the admin is no member of it, and report ids name reported conversations only.
    expect((await t.app.inject({ url: `/api/messages/conversations/${unreported.conversationId}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    expect((await adminRead(reportId + 1000)).statusCode).toBe(404);
    expect(JSON.stringify(read)).not.toContain("A private word");

    expect((await decide(reportId, "delete")).statusCode).toBe(400);
    expect((await decide(reportId, "hidden", victim.cookie)).statusCode).toBe(403);
    expect((await decide(reportId, "hidden")).statusCode).toBe(204);
    expect((await adminRead(reportId)).statusCode).toBe(404);
    expect((await getJson(t, admin, "/api/admin/message-reports")).reports).toEqual([]);
    const seen = await getJson(t, victim, `/api/messages/conversations/${conversationId}`);
    expect(seen.messages.map((message: { body: string | null; hidden: boolean }) => [message.body, message.hidden])).toEqual([
      [null, true],
      ["No thanks", false],
    ]);
    expect(seen.conversation.reportedByMe).toBe(false);
    const log = (await getJson(t, admin, "/api/admin/audit-log")).entries;
    expect(log[0]).toMatchObject({ action: "hide-messages", targetEmail: spammer.email, after: { hiddenMessages: 1 } });
  });

  it("dismisses a report: the conversation stays as it was and closes to moderators", async () => {
    const [one, two] = [await seasonedMember(t, "inventor"), await seasonedMember(t, "inventor")];
    const { conversationId } = await started(t, one, two, "A heated but fair debate");
    expect((await report(two, conversationId, "Rude tone")).statusCode).toBe(201);
    const [open] = (await getJson(t, admin, "/api/admin/message-reports")).reports;
    expect((await decide(open.id, "dismissed")).statusCode).toBe(204);
    expect((await decide(open.id, "dismissed")).statusCode).toBe(404);
    expect((await getJson(t, two, `/api/messages/conversations/${conversationId}`)).messages[0]).toMatchObject({ body: "A heated but fair debate", hidden: false });
    expect((await getJson(t, admin, "/api/admin/audit-log")).entries[0]).toMatchObject({ action: "dismiss-message-report", targetEmail: one.email });
    // Reported again later: a new report opens it again.
    expect((await report(two, conversationId, "Still rude")).statusCode).toBe(201);
  });
});
