import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BULK_RECOVERY_MESSAGES } from "../common/contracts/email";
import { startSmtpInbox, type SmtpInbox } from "../server/reliability/smtp-inbox";
import { findFreePortBlock } from "./support/free-ports";

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
let server: ChildProcess | null = null;
let baseUrl: string;
let env: NodeJS.ProcessEnv;

async function startServer(): Promise<void> {
  const child = spawn("node", ["scripts/start.mjs"], { stdio: ["ignore", "ignore", "inherit"], env });
  server = child;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the recovery test server exited with ${child.exitCode}`);
    if (await fetch(`${baseUrl}/api/ready`).then((response) => response.ok, () => false)) return;
    if (tries > 300) throw new Error("the recovery test server did not start");
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  inbox = await startSmtpInbox();
  const port = await findFreePortBlock(1);
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "inventors-recovery-e2e-")),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    SEED_DEMO: "false",
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? "./dist/web",
    AUTH_RATE_LIMIT_IP: "1000",
    AUTH_RATE_LIMIT_ACCOUNT: "1000",
    SMTP_URL: inbox.url,
    EMAIL_BATCH_SIZE: String(BATCH),
    EMAIL_BATCH_PAUSE_MS: "200",
    // Long enough for the restart to boot and the page to poll before the takeover (the default is 30 s).
    EMAIL_SENDER_STALE_SECONDS: "12",
  };
  await startServer();
});

test.afterAll(async () => {
  inbox.release();
  await stopServer("SIGTERM");
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
  await stopServer("SIGKILL");
  inbox.release();
  await startServer();

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
