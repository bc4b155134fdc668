import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BULK_RECOVERY_MESSAGES } from "../common/contracts/email";
import { startSmtpInbox, type SmtpInbox } from "../server/reliability/smtp-inbox";
import { ownServer, type OwnServer } from "./support/own-server";

/**
 * The admin's bulk-send dialog when the server sending it is killed (issue 26): its own server on a
 * real SMTP server, killed with SIGKILL while the mail server holds a batch, then started again on
 * the same data folder and port (an embedded database opens in one process at a time; with several
 * instances another one would resume it). The open dialog shows the send waiting for recovery, then
 * the result, with the batch in hand as "may have been delivered".
 */
const ADMIN = { email: "recovery-admin@e2e.test", password: "Recovery-admin-Pass1", name: "Recovery Admin" };
const SHOTS = path.resolve(".tmp/email-shots");
const MEMBERS = 12;
const BATCH = 5;

let inbox: SmtpInbox;
let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  inbox = await startSmtpInbox();
  server = await ownServer("recovery", ADMIN, {
    AUTH_RATE_LIMIT_IP: "1000",
    AUTH_RATE_LIMIT_ACCOUNT: "1000",
    SMTP_URL: inbox.url,
    EMAIL_BATCH_SIZE: String(BATCH),
    EMAIL_BATCH_PAUSE_MS: "200",
    // Long enough for the restart to boot and the page to poll before the takeover (the default is 30 s).
    EMAIL_SENDER_STALE_SECONDS: "12",
  });
  baseUrl = server.baseUrl;
  await server.start();
});

test.afterAll(async () => {
  inbox.release();
  await server.stop("SIGTERM");
  await inbox.close();
});

test("the admin sees a bulk send wait for recovery after its server is killed, then its result with the messages that may have been delivered", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const signedIn = await page.request.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { Origin: baseUrl } });
  expect(signedIn.ok()).toBeTruthy();
  const tag = `crash${Date.now().toString(36)}`;
  for (let index = 0; index < MEMBERS; index += 1) {
    const created = await page.request.post("/api/admin/users", {
      data: { name: `Member ${tag} ${index}`, email: `${tag}-${index}@e2e.test`, password: "secret1", confirmPassword: "secret1", membershipTier: "inventor" },
      headers: { Origin: baseUrl },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(tag);
  await expect(page.getByText(`${MEMBERS} users matching “${tag}”`)).toBeVisible();
  await page.getByLabel("Select all on this page").check();
  await page.getByRole("button", { name: `Send Email (${MEMBERS})` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Subject").fill("Crash news for {{name}}");
  await dialog.getByLabel("Message").fill("<p>Hello {{name}}</p>");
  await dialog.getByRole("button", { name: "Send" }).click();

  // The first batch is delivered; the second is held at the mail server when the server is killed.
  await expect.poll(() => {
    if (inbox.recipients.length < BATCH) return false;
    inbox.hold();
    return true;
  }, { timeout: 20_000, intervals: [20] }).toBe(true);
  await expect.poll(() => inbox.held(), { timeout: 20_000 }).toBe(BATCH);
  await expect(dialog.getByTestId("bulk-progress-count")).toHaveText(`${BATCH} of ${MEMBERS}`);
  await server.stop("SIGKILL");
  inbox.release();
  await server.start();

  await expect(dialog.getByText("Waiting for recovery...")).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId("bulk-recovery")).toHaveText(BULK_RECOVERY_MESSAGES.waiting);
  await page.screenshot({ path: path.join(SHOTS, "bulk-recovery-waiting-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, "bulk-recovery-waiting-390.png") });

  const sent = MEMBERS - BATCH;
  await expect(dialog.getByText(`${sent} emails sent successfully. ${BATCH} emails may have been delivered:`, { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(`${sent} sent, 0 failed, ${BATCH} may have been delivered`)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "bulk-recovery-done-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, "bulk-recovery-done-1280.png") });
  // Everyone once: the held batch reached the mail server before the kill and was not sent again.
  expect([...inbox.recipients].sort()).toEqual(Array.from({ length: MEMBERS }, (_, index) => `${tag}-${index}@e2e.test`).sort());
  await context.close();
});
