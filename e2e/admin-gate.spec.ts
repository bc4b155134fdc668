import { expect, request, test } from "@playwright/test";
import { ownServer, type OwnServer } from "./support/own-server";

/**
 * REQUIRE_ADMIN_2FA=true on a server of its own: an admin who has not turned on a second factor is a
 * member in the community until they do, so the page offers them no way to change others' posts.
 */
const ADMIN = { email: "gate-admin@e2e.test", password: "Gate-admin-Pass1", name: "Gate Admin" };
const MEMBER = { email: "gate-member@e2e.test", password: "Gate-member-Pass1", name: "Gate Member" };

let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await ownServer("admin-gate", ADMIN, { REQUIRE_ADMIN_2FA: "true" });
  baseUrl = server.baseUrl;
  await server.start();
});

test.afterAll(async () => {
  // SIGTERM: the graceful shutdown stops pg-boss and closes the database.
  await server.stop("SIGTERM");
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
