import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { bulkSendRecipients } from "../email/email.table";

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ EMAIL_BATCH_PAUSE_MS: "0" });
  admin = await memberCookie(t, "admin");
});
afterAll(() => t.close());

const email = (body: object) => sendJson(t.app, "POST", "/api/admin/users/email", { subject: "Hello {{name}}", message: "<p>News</p>", ...body }, admin.cookie);

describe("Send Email to every account the search matches", () => {
  it("mails all of them, across every page, resolved when the send starts", async () => {
    const tag = `Matchtag${Date.now().toString(36)}`;
    const matching = [];
    for (let index = 0; index < 30; index += 1) matching.push(await memberCookie(t, "free", `${tag} Member ${index}`));
    await memberCookie(t, "free", "Someone Else Entirely");
    const listed = await t.app.inject({ url: `/api/admin/users?search=${tag.toLowerCase()}`, headers: { cookie: admin.cookie } });
    expect(listed.json()).toMatchObject({ total: 30, pageSize: 25 });

    const started = await email({ matching: { search: tag.toLowerCase() } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().queued).toBe(30);
    const rows = await t.database.db.select({ userId: bulkSendRecipients.userId }).from(bulkSendRecipients).where(eq(bulkSendRecipients.sendId, started.json().sendId));
    expect(rows.map((row) => row.userId).sort()).toEqual(matching.map((member) => member.userId).sort());
  });

  it("takes either a selection or a search, never neither nor both", async () => {
    for (const body of [{}, { userIds: ["x"], matching: { search: "" } }]) {
      const refused = await email(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(USER_ADMIN_MESSAGES.noUsersSelected);
    }
    const member = await memberCookie(t, "brand-ceo");
    expect((await sendJson(t.app, "POST", "/api/admin/users/email", { matching: { search: "" }, subject: "S", message: "M" }, member.cookie)).statusCode).toBe(403);
  });
});
