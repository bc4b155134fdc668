import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import yauzl from "yauzl";
import { ACCOUNT_DATA_MESSAGES } from "../common/contracts/account-data";
import { startServerProcess, type ServerProcess } from "../server/reliability/server-process";
import { SAMPLE_FILES } from "../server/features/media/sample-files";
import { startOidcProvider, type TestOidcProvider } from "../server/test/oidc-provider";
import { E2E_ADMIN, E2E_BASE_URL } from "./support/environment";
import { signUpAndOpenMembers } from "./support/accounts";
import { waitForMailTo } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";

/** The text of one entry of a zip file on disk. */
function readZipEntry(file: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        });
      });
      zip.on("end", () => reject(new Error(`${name} is not in the zip`)));
      zip.readEntry();
    });
  });
}

async function post(page: Page, content: string): Promise<void> {
  const response = await page.request.post("/api/community/posts", { data: { content }, headers: { Origin: E2E_BASE_URL } });
  expect(response.status()).toBe(201);
}

async function openAccount(page: Page): Promise<void> {
  await page.goto("/members/account");
  await expect(page.getByRole("heading", { level: 3, name: "Your data" })).toBeVisible();
}

test("a member downloads everything we keep about them from the Account page, as one zip", async ({ page }, testInfo) => {
  const account = await signUpAndOpenMembers(page, "exporter");
  await post(page, "An idea I want to keep a copy of");
  await openAccount(page);
  const card = page.getByRole("region", { name: "Your data" });
  await expect(card.getByText(/records/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Delete account" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`account-your-data-${width}.png`), fullPage: true });
  }

  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Inventors Community data \d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path()) ?? "");
  const data = JSON.parse(await readZipEntry(zip, "data.json"));
  expect(data.profile).toMatchObject({ email: account.email, name: account.name });
  expect(data.posts).toEqual([expect.objectContaining({ content: "An idea I want to keep a copy of" })]);
  expect(await readZipEntry(zip, "README.txt")).toContain("Passwords, sign-in tokens and two-factor secrets are never exported.");
});

test("a member deletes their account: the wrong password is refused, then they land on the home page signed out", async ({ page }, testInfo) => {
  const account = await signUpAndOpenMembers(page, "leaver");
  await post(page, "A post that outlives its author");
  await openAccount(page);
  const danger = page.getByRole("region", { name: "Delete account" });
  await expect(danger.getByText('Your 1 post and 0 replies stay as "Deleted member", or are deleted: you choose.')).toBeVisible();
  await danger.getByRole("button", { name: "Delete my account…" }).click();

  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Keep my posts and replies/ })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`account-delete-dialog-${width}.png`) });
  }

  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(dialog.getByText("Password is required")).toBeVisible();
  await dialog.getByLabel("Your password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(dialog.getByText("Incorrect password")).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).user).toMatchObject({ email: account.email });

  await dialog.getByLabel("Your password").fill(account.password);
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted, and you are signed out." })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("home-after-deletion-390.png") });
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();

  // The account is gone: its password signs nobody in, and the members area sends the browser home.
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password }, headers: { Origin: E2E_BASE_URL } });
  expect(signIn.status()).toBe(401);
  await page.goto("/members/account");
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
});

/*
 * Sign-in through a provider (no password) and a 25 MB upload need a server of their own: the shared
 * one has no provider (its "no social button" journey proves that) and its admin's export stays small.
 * It is the same app, started as `npm start` runs it, with an OpenID provider stand-in beside it.
 */
test.describe("a server with single sign-on", () => {
  let provider: TestOidcProvider;
  let server: ServerProcess;
  let adminApi: APIRequestContext;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "inventors-e2e-my-data-"));

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    provider = await startOidcProvider();
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? "./dist/web",
        AUTH_RATE_LIMIT_IP: "1000",
        AUTH_RATE_LIMIT_ACCOUNT: "1000",
      },
      150_000,
    );
    adminApi = await request.newContext({ baseURL: server.base, extraHTTPHeaders: { Origin: server.base } });
    const signedIn = await adminApi.post("/api/auth/sign-in/email", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    expect(signedIn.ok()).toBeTruthy();
  });

  test.afterAll(async () => {
    await adminApi?.dispose();
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    await provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a member who signs in only with SSO deletes their account through the link we email them", async ({ page }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const account = provider.addAccount({ sub: `sso-${stamp}`, email: `sso-leaver-${stamp}@example.com`, email_verified: true, name: "Sasha Single-Sign-On" });
    const nonce = `nonce-${stamp}`;
    const idToken = await provider.issueIdToken({ sub: account.sub, nonce });
    const signIn = await page.request.post(`${server.base}/api/auth/sign-in/social`, {
      data: { provider: "oidc", callbackURL: "/auth/callback", idToken: { token: idToken, nonce } },
      headers: { Origin: server.base },
    });
    expect(signIn.status()).toBe(200);

    await page.goto(`${server.base}/members/account`);
    const danger = page.getByRole("region", { name: "Delete account" });
    await danger.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByText(ACCOUNT_DATA_MESSAGES.useEmailLink)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Delete my account permanently" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Email me a confirmation link" }).click();
    await expect(dialog.getByText(ACCOUNT_DATA_MESSAGES.linkSent)).toBeVisible();

    const mail = await waitForMailTo(adminApi, account.email);
    expect(mail.subject).toBe("Confirm deleting your Inventors Community account");
    const link = new RegExp(`${server.base.replace(/[.]/g, "\\.")}/members/account#confirm-deletion=[^\\s"<]+`).exec(mail.text)?.[0];
    if (!link) throw new Error(`no confirmation link in: ${mail.text}`);

    // Opened in the tab still on the Account page, where only the address's hash changes: the dialog opens, confirmed by the link.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.goto(link);
    await expect(dialog.getByText("You opened the confirmation link we emailed you.")).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Opened from the mail, in a new tab: the dialog is open, confirmed by the link; the token leaves the address bar.
    const fromMail = await page.context().newPage();
    await fromMail.goto(link);
    const confirming = fromMail.getByRole("dialog", { name: "Delete your account?" });
    await expect(confirming.getByText("You opened the confirmation link we emailed you.")).toBeVisible();
    expect(new URL(fromMail.url()).hash).toBe("");
    await expectNoSeriousAxeViolations(fromMail);
    await confirming.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect(fromMail).toHaveURL(`${server.base}/`);
    await expect(fromMail.getByRole("status").filter({ hasText: ACCOUNT_DATA_MESSAGES.deleted })).toBeVisible();
    expect((await (await fromMail.request.get(`${server.base}/api/me`)).json()).user).toBeNull();

    // The account is gone for the admins too.
    const users = await adminApi.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`);
    expect(((await users.json()) as { users: unknown[] }).users).toEqual([]);
  });

  test("a large export is prepared in the background and mailed as a link that downloads the zip", async ({ page, browser }) => {
    test.setTimeout(150_000);
    // 26 MB of uploads: over the 25 MB a download at once may hold.
    const video = Buffer.concat([SAMPLE_FILES.mp4.bytes, Buffer.alloc(26 * 1024 * 1024)]);
    const uploaded = await adminApi.post("/api/admin/media", { multipart: { file: { name: "Factory tour.mp4", mimeType: "video/mp4", buffer: video } } });
    expect(uploaded.status()).toBe(201);

    const signIn = await page.request.post(`${server.base}/api/auth/sign-in/email`, { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { Origin: server.base } });
    expect(signIn.ok()).toBeTruthy();
    await page.goto(`${server.base}/members/account`);
    const card = page.getByRole("region", { name: "Your data" });
    await expect(card.getByText("That is a large export: we prepare it in the background and email you a download link.", { exact: false })).toBeVisible();
    await expect(card.getByRole("button", { name: "Download my data" })).toHaveCount(0);
    await card.getByRole("button", { name: "Email me a download link" }).click();
    await expect(card.getByText(ACCOUNT_DATA_MESSAGES.exportQueued).or(card.getByText(ACCOUNT_DATA_MESSAGES.exportInProgress))).toBeVisible();

    let mailText = "";
    await expect
      .poll(
        async () => {
          const outbox = (await (await adminApi.get("/api/admin/outbox")).json()) as { messages: Array<{ to: string; subject: string; text: string }> };
          mailText = outbox.messages.find((message) => message.to === E2E_ADMIN.email && message.subject.endsWith("data is ready to download"))?.text ?? "";
          return mailText !== "";
        },
        { timeout: 120_000, message: "the export mail" },
      )
      .toBe(true);
    const link = new RegExp(`${server.base.replace(/[.]/g, "\\.")}/api/me/data/exports/[^\\s"<]+`).exec(mailText)?.[0];
    if (!link) throw new Error(`no download link in: ${mailText}`);

    // Signed out, the link asks to sign in on the Account page; signed in, it downloads the zip.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    const signedOut = await strangerPage.request.get(link, { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toBe("/members/account#your-data");
    await stranger.close();

    const downloading = page.waitForEvent("download");
    // A download, not a page: the navigation itself is aborted.
    await page.goto(link).catch(() => undefined);
    const download = await downloading;
    const zip = await readFile((await download.path()) ?? "");
    const data = JSON.parse(await readZipEntry(zip, "data.json"));
    expect(data.profile).toMatchObject({ email: E2E_ADMIN.email });
    expect(data.uploads.mediaLibrary).toEqual([expect.objectContaining({ name: "Factory tour.mp4" })]);

    await page.goto(`${server.base}/members/account`);
    await expect(page.getByRole("region", { name: "Your data" }).getByRole("link", { name: "Download your export" })).toBeVisible();
  });
});
