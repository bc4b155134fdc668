import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { MESSAGING_MESSAGES, type ConversationDetail } from "../common/contracts/messages";
import { newAccount, signInThroughApi, signUpThroughApi, type TestAccount } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";

const screenshotDir = process.env.SCREENSHOT_DIR;

/** A member signed up through the API only, with their id. */
async function apiMember(prefix: string): Promise<{ api: APIRequestContext; account: TestAccount; id: string }> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const account = newAccount(prefix);
  await signUpThroughApi(api, account);
  const me = (await (await api.get("/api/me")).json()) as { user: { id: string } };
  return { api, account, id: me.user.id };
}

test("an admin reads a reported conversation only, warns the reported member, and hides their messages", async ({ page }) => {
  test.setTimeout(90_000);
  const adminApi = await newAdminApi();
  const sender = await apiMember("pitcher");
  const recipient = await apiMember("reporter");
  await setMemberTier(adminApi, sender.account.email, "inventor");
  const pitch = `Buy my patent course today ${Date.now().toString(36)}`;
  const started = await sender.api.post("/api/messages/conversations", { data: { recipientId: recipient.id, body: pitch } });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: number };
  expect((await recipient.api.post(`/api/messages/conversations/${conversationId}/messages`, { data: { body: "No thanks, please stop." } })).status()).toBe(201);
  // A conversation nobody reports stays closed to the admins.
  const other = await apiMember("private");
  const secret = `A private conversation ${Date.now().toString(36)}`;
  expect((await sender.api.post("/api/messages/conversations", { data: { recipientId: other.id, body: secret } })).status()).toBe(201);
  const reported = await recipient.api.post(`/api/messages/conversations/${conversationId}/report`, { data: { reason: "Unsolicited sales pitch" } });
  expect((await reported.json()) as unknown).toEqual({ message: MESSAGING_MESSAGES.reported });

  await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/moderation");
  await expect(page.getByRole("heading", { level: 2, name: "Reported conversations" })).toBeVisible();
  const report = page.getByTestId("message-report").filter({ hasText: `${recipient.account.name} reported ${sender.account.name}` });
  await expect(report).toContainText("Unsolicited sales pitch");
  await report.getByRole("button", { name: "Read conversation" }).click();
  const transcript = report.getByTestId("reported-messages");
  await expect(transcript).toContainText(pitch);
  await expect(transcript).toContainText("No thanks, please stop.");
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/message-reports-${width}.png`, fullPage: true });
  }

  await report.getByRole("button", { name: "Warn member" }).click();
  const warn = page.getByRole("dialog", { name: `Warn ${sender.account.name}` });
  await warn.getByLabel("Message to the member").fill("Please do not send sales pitches in direct messages.");
  await warn.getByRole("button", { name: "Send warning" }).click();
  await expect(page.getByText(`${sender.account.name} was warned by email.`)).toBeVisible();

  await report.getByRole("button", { name: "Hide their messages" }).click();
  await expect(page.getByText(`${sender.account.name}'s messages in that conversation are hidden.`)).toBeVisible();
  await expect(page.getByTestId("message-report").filter({ hasText: sender.account.name })).toHaveCount(0);

  const seen = (await (await recipient.api.get(`/api/messages/conversations/${conversationId}`)).json()) as ConversationDetail;
  expect(seen.messages.map((message) => [message.body, message.hidden])).toEqual([
    [null, true],
    ["No thanks, please stop.", false],
  ]);
  for (const member of [sender, recipient, other]) await member.api.dispose();
  await adminApi.dispose();
});
