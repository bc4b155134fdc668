import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../mail/outbox.table";
import { buildTestApp, postJson, signIn, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { verifications } from "./auth.table";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function latestMailTo(email: string) {
  const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt)).limit(1);
  return row;
}

function tokenFrom(text: string): string {
  const match = /\/reset-password#type=recovery&token=([^\s&"]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

const requestReset = (email: string) => postJson(t.app, "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
const reset = (token: string, newPassword: string) => postJson(t.app, "/api/auth/reset-password", { token, newPassword });
const dashboard = (cookie: string) => t.app.inject({ url: "/api/members/dashboard", headers: { cookie } });

describe("password reset", () => {
  it("answers the same whether or not the address has an account", async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: "Known", email, password: "secret1" });
    const known = await requestReset(email);
    const unknown = await requestReset(uniqueEmail("nobody"));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestMailTo(email)).toBeDefined();
  });

  it("works end to end through the outbox: the link sets a new password and ends every other session", async () => {
    const email = uniqueEmail();
    const oldSession = await signUp(t.app, { name: "Resetter", email, password: "secret1" });
    await requestReset(email);
    const mail = await latestMailTo(email);
    expect(mail?.subject).toBe("Reset your Inventors Community password");
    expect(mail?.text).toContain("http://localhost:3000/reset-password#type=recovery&token=");
    const token = tokenFrom(mail?.text ?? "");

    const done = await reset(token, "brand-new-pass");
    expect(done.statusCode).toBe(200);
    expect((await dashboard(oldSession)).statusCode).toBe(401);
    expect((await postJson(t.app, "/api/auth/sign-in/email", { email, password: "secret1" })).statusCode).toBe(401);
    await signIn(t.app, email, "brand-new-pass");

    const reused = await reset(token, "another-pass");
    expect(reused.statusCode).toBe(400);
  });

  it("refuses an expired token and a made-up one with 400", async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: "Late", email, password: "secret1" });
    await requestReset(email);
    const token = tokenFrom((await latestMailTo(email))?.text ?? "");
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await reset(token, "too-late-pass")).statusCode).toBe(400);
    expect((await reset("not-a-real-token-123456", "whatever-pass")).statusCode).toBe(400);
    await signIn(t.app, email, "secret1");
  });

  it("validates the requested address with the spec's messages", async () => {
    const missing = await postJson(t.app, "/api/auth/request-password-reset", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Email is required");
    const bad = await requestReset("nope");
    expect(bad.json().message).toBe("Please enter a valid email address");
  });
});
