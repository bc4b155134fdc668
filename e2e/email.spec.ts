import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { EMAIL_MESSAGES } from "../common/contracts/email";
import { gmailStandInEnv, startGmailStandIn, type GmailStandIn } from "../server/test/gmail-stand-in";
import { ownServer, type OwnServer } from "./support/own-server";
import { waitForBriefState } from "./support/brief-states";

/**
 * Email Settings against its own server, whose Google OAuth and Gmail API are a local stand-in that
 * speaks their protocol: authorize in a popup that lands on /callback, send one email, write a
 * template and use it for a bulk send with its progress bar, then filter and download the error log.
 */
const ADMIN = { email: "email-admin@e2e.test", password: "Email-admin-Pass1", name: "Email Admin" };
const SHOTS = path.resolve(".tmp/email-shots");

let gmail: GmailStandIn;
let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  gmail = await startGmailStandIn();
  server = await ownServer("email", ADMIN, { AUTH_RATE_LIMIT_IP: "1000", AUTH_RATE_LIMIT_ACCOUNT: "1000", EMAIL_BATCH_PAUSE_MS: "1000", ...gmailStandInEnv(gmail) });
  baseUrl = server.baseUrl;
  await server.start();
});

test.afterAll(async () => {
  // SIGTERM: the graceful shutdown stops pg-boss and closes the database.
  await server.stop("SIGTERM");
  await gmail.close();
});

async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 }, acceptDownloads: true, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { Origin: baseUrl } });
  expect(response.ok()).toBeTruthy();
  return page;
}

test("an admin authorizes Gmail, sends one email, bulk-sends a template with progress, and reads the error log", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, 1280);
  await page.goto("/admin/email");
  await expect(page.getByRole("tab", { name: "Gmail Authorization" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("transport-in-use")).toHaveText("Outbox only");
  await page.getByRole("tab", { name: "Send Email" }).click();
  await expect(page.getByText(EMAIL_MESSAGES.notAuthorizedWarning)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Email" })).toBeDisabled();
  await page.getByRole("tab", { name: "Gmail Authorization" }).click();
  await page.getByRole("button", { name: "Submit Code" }).click();
  await expect(page.getByText(EMAIL_MESSAGES.enterCode)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "gmail-authorization-1280.png"), fullPage: true });

  // Step 1 opens Google's consent in a new window; it returns to /callback, which completes on the server.
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Authorize Gmail" }).click();
  const popup = await popupOpened;
  // The window closes itself 3 s after it shows its success: listened for before anything else.
  const popupClosed = popup.waitForEvent("close", { timeout: 15_000 });
  await waitForBriefState(popup, { text: EMAIL_MESSAGES.callbackSuccessText });
  await waitForBriefState(popup, { text: EMAIL_MESSAGES.callbackSuccessTitle });
  await popupClosed;
  // Shown for 3 s from the window's message, while the status is read again.
  const notice = page.getByText("Gmail authorization successful!", { exact: true });
  await waitForBriefState(page, { text: "Gmail authorization successful!" });
  await expect(page.getByText("Gmail is authorized")).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId("transport-in-use")).toHaveText("Gmail");
  expect(gmail.consents.at(-1)?.get("prompt")).toBe("consent");

  // Send Email: one message through Gmail, the banner, the fields cleared.
  await page.getByRole("tab", { name: "Send Email" }).click();
  await page.getByLabel("Recipient").fill("reader@e2e.test");
  await page.getByLabel("Subject").fill("Hello from the browser");
  await page.getByLabel("Body (HTML)").fill("<p>Hi <b>reader</b></p><script>alert(1)</script>");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText(EMAIL_MESSAGES.sent)).toBeVisible();
  await expect(page.getByLabel("Recipient")).toHaveValue("");
  expect(gmail.sent.at(-1)?.html).toBe("<p>Hi <b>reader</b></p>");
  await expect(page.getByText(EMAIL_MESSAGES.sent)).toBeHidden({ timeout: 5000 });

  // A refused recipient: the error shows and lands in the log.
  gmail.refuse("bounce@e2e.test");
  await page.getByLabel("Recipient").fill("bounce@e2e.test");
  await page.getByLabel("Subject").fill("Will bounce");
  await page.getByLabel("Body (HTML)").fill("<p>x</p>");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText("Invalid To header")).toBeVisible();

  // Transport "Outbox only" with Gmail authorized: Send Email says what that means and keeps the message, undelivered.
  const transport = page.getByLabel("Transport");
  await transport.selectOption("outbox");
  await expect(page.getByTestId("transport-in-use")).toHaveText("Outbox only");
  await expect(page.getByText(EMAIL_MESSAGES.outboxOnlyNotice)).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGES.notAuthorizedWarning)).toHaveCount(0);
  const deliveredBefore = gmail.sent.length;
  await page.getByLabel("Recipient").fill("kept@e2e.test");
  await page.getByLabel("Subject").fill("Kept in the outbox");
  await page.getByLabel("Body (HTML)").fill("<p>Not delivered</p>");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText(EMAIL_MESSAGES.keptInOutbox)).toBeVisible();
  await expect(page.getByLabel("Recipient")).toHaveValue("");
  expect(gmail.sent.length).toBe(deliveredBefore);
  await transport.selectOption("auto");
  await expect(page.getByTestId("transport-in-use")).toHaveText("Gmail");

  // A template with placeholders.
  await page.getByRole("tab", { name: "Email Templates" }).click();
  await expect(page.getByTestId("email-template").filter({ hasText: "Welcome Email" })).toBeVisible();
  await page.getByRole("button", { name: "New Template" }).click();
  await page.getByLabel("Template name").fill("Launch news");
  await page.getByLabel("Subject").fill("News for {{name}}");
  await page.getByLabel("Body (HTML)").fill("<p>Hello {{name}}, our {{tier}} members hear it first.</p>");
  await page.getByRole("button", { name: "Save Template" }).click();
  const template = page.getByTestId("email-template").filter({ hasText: "Launch news" });
  await expect(template).toBeVisible();
  await template.getByRole("button", { name: "Copy" }).click();
  await expect(template.getByRole("button", { name: "Copied!" })).toBeVisible();
  await expect(template.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4000 });
  await page.screenshot({ path: path.join(SHOTS, "templates-1280.png"), fullPage: true });

  // Send Email starts from the template, and the preview shows it as a member receives it, filled with sample values.
  await page.getByRole("tab", { name: "Send Email" }).click();
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "Launch news" });
  await expect(page.getByLabel("Subject")).toHaveValue("News for {{name}}");
  await expect(page.getByLabel("Body (HTML)")).toHaveValue("<p>Hello {{name}}, our {{tier}} members hear it first.</p>");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("email-preview");
  await expect(preview).toContainText("News for Ada Lovelace");
  await expect(page.frameLocator("iframe[title='Email preview']").getByText("Hello Ada Lovelace, our Inventor members hear it first.")).toBeVisible();
  expect(await preview.locator("iframe").getAttribute("sandbox")).toBe("");

  // Bulk send from User Management with the template: 7 members, two batches, the progress bar.
  const tag = `bulk${Date.now().toString(36)}`;
  for (let index = 0; index < 7; index += 1) {
    const created = await page.request.post("/api/admin/users", {
      data: { name: `Member ${tag} ${index}`, email: `${tag}-${index}@e2e.test`, password: "secret1", confirmPassword: "secret1", membershipTier: "inventor" },
      headers: { Origin: baseUrl },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(tag);
  await expect(page.getByText(`7 users matching “${tag}”`)).toBeVisible();
  await page.getByLabel("Select all on this page").check();
  await page.getByRole("button", { name: "Send Email (7)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Template").selectOption({ label: "Launch news" });
  await expect(dialog.getByLabel("Subject")).toHaveValue("News for {{name}}");
  await dialog.getByRole("button", { name: "Send" }).click();
  const progress = dialog.getByRole("progressbar", { name: "Sending progress" });
  await expect(progress).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "bulk-progress-1280.png") });
  await expect(dialog.getByText(EMAIL_MESSAGES.bulkSuccess)).toBeVisible({ timeout: 20_000 });
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(dialog).toBeHidden({ timeout: 5000 });
  const bulk = gmail.sent.filter((mail) => mail.subject?.startsWith(`News for Member ${tag}`));
  expect(bulk).toHaveLength(7);
  expect(bulk[0]?.html).toContain("our Inventor members hear it first.");

  // Error Logs: filter, search, download.
  await page.goto("/admin/email");
  await page.getByRole("tab", { name: "Error Logs" }).click();
  const entries = page.getByTestId("error-log-entry");
  await expect(entries.filter({ hasText: "bounce@e2e.test" })).toBeVisible();
  await page.getByLabel("Type").selectOption("AUTH_ERROR");
  await expect(page.getByText(EMAIL_MESSAGES.noErrorsMatch)).toBeVisible();
  await page.getByLabel("Type").selectOption("SEND_ERROR");
  await page.getByLabel("Search").fill("BOUNCE");
  await expect(entries).toHaveCount(1);
  await entries.first().getByText("Details").click();
  await expect(entries.first().getByText(/gmail: SEND_ERROR/)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^email-error-log-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = JSON.parse(readFileSync((await download.path()) ?? "", "utf8")) as Array<{ recipient: string; type: string }>;
  expect(saved).toEqual([expect.objectContaining({ recipient: "bounce@e2e.test", type: "SEND_ERROR" })]);
  await page.screenshot({ path: path.join(SHOTS, "error-logs-1280.png"), fullPage: true });

  // Google revokes the grant: the send says so in words, the log files it under AUTH_ERROR, and the status asks to authorize again.
  gmail.revokeAll();
  await page.getByRole("tab", { name: "Send Email" }).click();
  await page.getByLabel("Recipient").fill("after-revoke@e2e.test");
  await page.getByLabel("Subject").fill("After the revoke");
  await page.getByLabel("Body (HTML)").fill("<p>x</p>");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText("Gmail no longer accepts the stored authorization (it was revoked or has expired).")).toBeVisible();
  await expect(page.getByTestId("transport-in-use")).toHaveText("Outbox only");
  await page.getByRole("tab", { name: "Gmail Authorization" }).click();
  await expect(page.getByTestId("gmail-rejected")).toContainText("Gmail stopped accepting the authorization on");
  await expect(page.getByText("Gmail is authorized")).toHaveCount(0);
  await page.getByRole("tab", { name: "Error Logs" }).click();
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Type").selectOption("AUTH_ERROR");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("after-revoke@e2e.test");
  await page.context().close();
});

test("Email Settings and /callback on a phone (390 px): no code is an error with the way back", async ({ browser }) => {
  const page = await adminPage(browser, 390);
  await page.goto("/admin/email");
  await expect(page.getByRole("tab", { name: "Gmail Authorization" })).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: path.join(SHOTS, "email-settings-390.png"), fullPage: true });
  await page.getByRole("tab", { name: "Error Logs" }).click();
  await expect(page.getByTestId("error-log-entry").first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "error-logs-390.png"), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto("/callback");
  await expect(page.getByRole("heading", { name: EMAIL_MESSAGES.callbackErrorTitle })).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGES.callbackNoCode)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "callback-error-390.png"), fullPage: true });
  await page.getByRole("link", { name: EMAIL_MESSAGES.callbackReturn }).click();
  await expect(page).toHaveURL(`${baseUrl}/admin/email`);

  // A planted link with someone's code but no state this server signed is never exchanged.
  const exchanges = gmail.tokenRequests.authorization_code;
  await page.goto("/callback?code=4%2Fplanted");
  await expect(page.getByText(`${EMAIL_MESSAGES.callbackFailedPrefix}this authorization was not started from the admin panel`)).toBeVisible();
  expect(gmail.tokenRequests.authorization_code).toBe(exchanges);
  await page.context().close();
});

test("a /callback answer works once and only in the browser that started the consent", async ({ browser }) => {
  const refusedText = `${EMAIL_MESSAGES.callbackFailedPrefix}This authorization was not started from this admin panel in this browser, was already used, or is older than 15 minutes`;
  const starter = await adminPage(browser, 1280);
  const started = await starter.request.post("/api/admin/email/gmail/consent", { data: {}, headers: { Origin: baseUrl } });
  expect(started.ok()).toBeTruthy();
  const consentAnswer = (await fetch((await started.json()).url, { redirect: "manual" })).headers.get("location") ?? "";
  const callback = new URL(consentAnswer);
  const callbackPath = `${callback.pathname}${callback.search}`;

  // The same admin signed in elsewhere: a link carrying this state does not work there, and leaves it unused.
  const elsewhere = await adminPage(browser, 1280);
  await elsewhere.goto(callbackPath);
  await expect(elsewhere.getByRole("heading", { name: EMAIL_MESSAGES.callbackErrorTitle })).toBeVisible();
  await expect(elsewhere.getByText(refusedText)).toBeVisible();

  await starter.goto(callbackPath);
  await expect(starter.getByRole("heading", { name: EMAIL_MESSAGES.callbackSuccessTitle })).toBeVisible();
  // Replayed in the browser that started it: refused, the grant stays.
  await starter.goto(callbackPath);
  await expect(starter.getByRole("heading", { name: EMAIL_MESSAGES.callbackErrorTitle })).toBeVisible();
  await expect(starter.getByText(refusedText)).toBeVisible();
  await starter.screenshot({ path: path.join(SHOTS, "callback-replayed-1280.png"), fullPage: true });
  await elsewhere.context().close();
  await starter.context().close();
});
