import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request, test } from "@playwright/test";
import { findFreePortBlock } from "./support/free-ports";

/**
 * REQUIRE_ADMIN_2FA=true on a server of its own: an admin who has not turned on a second factor is a
 * member in the community until they do, so the page offers them no way to change others' posts.
 */
const ADMIN = { email: "gate-admin@e2e.test", password: "Gate-admin-Pass1", name: "Gate Admin" };
const MEMBER = { email: "gate-member@e2e.test", password: "Gate-member-Pass1", name: "Gate Member" };

let server: ChildProcess;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await findFreePortBlock(1);
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "inventors-admin-gate-e2e-")),
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      SEED_DEMO: "false",
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? "./dist/web",
      REQUIRE_ADMIN_2FA: "true",
    },
  });
  for (let tries = 0; ; tries += 1) {
    const healthy = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (healthy) break;
    if (tries > 300) throw new Error("the admin gate test server did not start");
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});

test("an admin without the required second factor gets no Edit or Delete on a member's post, only on their own", async ({ browser }) => {
  const member = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  expect((await member.post("/api/auth/sign-up/email", { data: MEMBER })).ok()).toBeTruthy();
  expect((await member.post("/api/community/posts", { data: { content: "A member's post the gate keeps to its author" } })).status()).toBe(201);
  await member.dispose();

  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { Origin: baseUrl } })).ok()).toBeTruthy();
  expect((await page.request.post("/api/community/posts", { data: { content: "The held admin's own post" }, headers: { Origin: baseUrl } })).status()).toBe(201);

  await page.goto("/members/community");
  const theirs = page.getByTestId("post").filter({ hasText: "A member's post the gate keeps to its author" });
  await expect(theirs).toBeVisible();
  const own = page.getByTestId("post").filter({ hasText: "The held admin's own post" });
  await expect(own.getByRole("button", { name: `Edit post by ${ADMIN.name}` })).toBeVisible();
  await expect(theirs.getByRole("button", { name: `Edit post by ${MEMBER.name}` })).toHaveCount(0);
  await expect(theirs.getByRole("button", { name: `Delete post by ${MEMBER.name}` })).toHaveCount(0);
  await context.close();
});
