import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGING_MESSAGES } from "../../../common/contracts/messages";
import { buildTestApp, sendJson, type TestApp } from "../../test/build-test-app";
import { getJson, seasonedMember, send, started, type Member } from "./messages.test-support";

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  admin = await seasonedMember(t, "admin");
});
afterAll(() => t.close());

const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

describe("a deleted member's messages", () => {
  it("lose their text and sender: the other member keeps the conversation with a 'Deleted member'; their side, blocks, notifications and names on reports go", async () => {
    const [stays, leaves, third] = [await seasonedMember(t, "inventor", "Stella Stays"), await seasonedMember(t, "inventor", "Lena Leaves"), await seasonedMember(t, "inventor")];
    const { conversationId } = await started(t, leaves, stays, "My secret prototype plans");
    await send(t, stays, conversationId, "Thanks for sharing");
    const both = await started(t, leaves, third, "Hello third");
    await sendJson(t.app, "PUT", `/api/messages/blocks/${leaves.userId}`, undefined, third.cookie);
    await sendJson(t.app, "POST", `/api/messages/conversations/${conversationId}/report`, { reason: "Reporting for the test" }, leaves.cookie);

    expect((await sendJson(t.app, "DELETE", `/api/admin/users/${leaves.userId}`, undefined, admin.cookie)).statusCode).toBeLessThan(300);

    const seen = await getJson(t, stays, `/api/messages/conversations/${conversationId}`);
    expect(seen.conversation.other).toEqual({ id: null, name: "Deleted member", tier: "free", profilePicture: null });
    expect(seen.conversation).toMatchObject({ canReply: false, cannotReply: MESSAGING_MESSAGES.deletedMember });
    expect(seen.messages.map((message: { body: string | null; fromMe: boolean }) => [message.fromMe, message.body])).toEqual([
      [false, null],
      [true, "Thanks for sharing"],
    ]);
    expect((await send(t, stays, conversationId, "Hello?")).statusCode).toBe(403);
    expect((await getJson(t, stays, "/api/messages/conversations")).conversations[0].other.name).toBe("Deleted member");
    expect(JSON.stringify(await getJson(t, stays, "/api/notifications"))).not.toContain("secret prototype");
    expect(await rows(sql`select 1 from dm_messages where body like '%secret prototype%' or sender_id = ${leaves.userId}`)).toEqual([]);
    expect(await rows(sql`select 1 from dm_participants where user_id = ${leaves.userId} or other_user_id = ${leaves.userId}`)).toEqual([]);
    expect(await rows(sql`select 1 from dm_blocks where blocked_id = ${leaves.userId}`)).toEqual([]);
    expect(await rows(sql`select reporter_id from dm_reports where conversation_id = ${conversationId}`)).toEqual([{ reporter_id: null }]);
    // The third member keeps their conversation with the deleted member.
    expect((await getJson(t, third, `/api/messages/conversations/${both.conversationId}`)).messages).toHaveLength(1);
  });
});
