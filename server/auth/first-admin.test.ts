import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../test/build-test-app";
import { createAdminAccount } from "./first-admin";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("first admin", () => {
  it("creates an active brand-ceo admin once, who can sign in and open admin endpoints", async () => {
    const account = { email: "Owner@Example.com", password: "owner-pass-1", name: "Owner" };
    expect(await createAdminAccount(t.auth, account)).toBe(true);
    expect(await createAdminAccount(t.auth, account)).toBe(false);
    const cookie = await signIn(t.app, "owner@example.com", "owner-pass-1");
    const me = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json();
    expect(me.user).toMatchObject({ role: "admin", membershipTier: "brand-ceo", isActive: true, name: "Owner" });
    expect((await t.app.inject({ url: "/api/admin/outbox", headers: { cookie } })).statusCode).toBe(200);
  });
});
