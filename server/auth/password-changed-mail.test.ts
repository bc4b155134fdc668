import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../mail/outbox.table";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { describeBrowser } from "./password-changed-notice";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SUBJECT = "Your Inventors Community password was changed";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const noticesTo = (email: string) =>
  t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, email), eq(outboxMessages.subject, SUBJECT))).orderBy(desc(outboxMessages.createdAt));

async function resetTokenFor(email: string): Promise<string> {
  await postJson(t.app, "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
  const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt)).limit(1);
  const token = /token=([^\s&"]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no reset link");
  return decodeURIComponent(token);
}

describe("the password-changed mail", () => {
  it("follows a change, with when, the browser, the address and how to recover; a refused change sends nothing", async () => {
    const email = uniqueEmail("changer");
    const cookie = await signUp(t.app, { name: "Paula Changer", email, password: "secret1" });

    const refused = await postJson(t.app, "/api/auth/change-password", { currentPassword: "not-it", newPassword: "another-1" }, { cookie, "user-agent": FIREFOX_ON_LINUX });
    expect(refused.statusCode).toBe(400);
    expect(await noticesTo(email)).toHaveLength(0);

    const before = Date.now();
    const changed = await postJson(t.app, "/api/auth/change-password", { currentPassword: "secret1", newPassword: "new-secret-2" }, { cookie, "user-agent": FIREFOX_ON_LINUX });
    expect(changed.statusCode).toBe(200);
    const notices = await noticesTo(email);
    expect(notices).toHaveLength(1);
    const text = notices[0]?.text ?? "";
    expect(text).toContain("Hi Paula Changer,");
    expect(text).toContain(`The password of your Inventors Community account (${email}) was changed on`);
    expect(text).toContain("from Edit Profile, with the old password");
    expect(text).toContain("Browser: Firefox on Linux");
    expect(text).toContain("Address: 127.0.0.1");
    expect(text).toContain('open http://localhost:3000, choose Log in, then "Forgot password?"');
    const stamped = new Date(before).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    expect(text).toContain(stamped);
    expect(notices[0]?.html).toContain("Firefox on Linux");
  });

  it("follows every reset through an emailed link; a refused reset sends nothing", async () => {
    const email = uniqueEmail("resetter");
    await signUp(t.app, { name: "Rita Resetter", email, password: "secret1" });

    expect((await postJson(t.app, "/api/auth/reset-password", { token: "not-a-real-token-123456", newPassword: "whatever-pass" })).statusCode).toBe(400);
    expect(await noticesTo(email)).toHaveLength(0);

    const first = await resetTokenFor(email);
    expect((await postJson(t.app, "/api/auth/reset-password", { token: first, newPassword: "reset-pass-1" }, { "user-agent": CHROME_ON_WINDOWS })).statusCode).toBe(200);
    const second = await resetTokenFor(email);
    expect((await postJson(t.app, "/api/auth/reset-password", { token: second, newPassword: "reset-pass-2" }, { "user-agent": "curl/8.5.0" })).statusCode).toBe(200);

    const [latest, earlier] = await noticesTo(email);
    expect(earlier?.text).toContain("with a password reset link sent to this address");
    expect(earlier?.text).toContain("Browser: Chrome on Windows");
    expect(latest?.text).toContain("Hi Rita Resetter,");
    // An agent that names no known browser is quoted as sent.
    expect(latest?.text).toContain("Browser: curl/8.5.0");
    expect(await noticesTo(email)).toHaveLength(2);
  });

  it("names common browsers and keeps an unknown agent short", () => {
    expect(describeBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
    expect(describeBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge on Windows");
    expect(describeBrowser(`curl/8.0 ${"x".repeat(300)}`)).toHaveLength(120);
    expect(describeBrowser("")).toBeNull();
  });
});
