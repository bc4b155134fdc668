import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "../../../common/contracts/settings";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, postJson, sendJson, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";

const COMMUNITY = "Garage Inventors Guild";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  const saved = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, communityName: COMMUNITY, notificationEmail: "owner@guild.example" }, admin);
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

async function latestMailTo(email: string) {
  const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt)).limit(1);
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

describe("the community name of Admin Settings reaches every mail", () => {
  it("names the community in the password-reset mail, not the product's default name", async () => {
    const email = uniqueEmail("reset");
    await signUp(t.app, { name: "Resetter", email, password: "secret1" });
    expect((await postJson(t.app, "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).statusCode).toBe(200);
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe(`Reset your ${COMMUNITY} password`);
    expect(mail.text).toContain(`reset your ${COMMUNITY} password`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain("Inventors Community");
  });

  it("names it in the invitation and in the approval request", async () => {
    const invited = uniqueEmail("invited");
    expect((await sendJson(t.app, "POST", "/api/admin/invitations", { email: invited, name: "Invited Member", membershipTier: "inventor" }, admin)).statusCode).toBe(201);
    expect((await latestMailTo(invited)).subject).toBe(`You're invited to join ${COMMUNITY}`);

    const approval = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, communityName: COMMUNITY, notificationEmail: "owner@guild.example", requireApproval: true }, admin);
    expect(approval.statusCode).toBe(200);
    await postJson(t.app, "/api/auth/sign-up/email", { name: "Waiting Member", email: uniqueEmail("waiting"), password: "secret1" });
    expect((await latestMailTo("owner@guild.example")).subject).toBe(`${COMMUNITY}: a new account awaits approval`);
  });
});
