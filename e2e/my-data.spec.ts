import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import yauzl from "yauzl";
import { E2E_BASE_URL } from "./support/environment";
import { signUpAndOpenMembers } from "./support/accounts";
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
