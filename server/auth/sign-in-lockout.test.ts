import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { buildTestApp, cookiesFrom, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";
import { WINDOW_ACCOUNT_SECONDS, WINDOW_ADDRESS_SECONDS } from "./auth-limits";

const defaults = loadEnv({ DATA_DIR: "/tmp/unused" });

describe("the default sign-in limits", () => {
  it("are 8 guesses per account per 15 minutes and 20 attempts per address per minute", () => {
    expect(defaults.AUTH_RATE_LIMIT_ACCOUNT).toBe(8);
    expect(WINDOW_ACCOUNT_SECONDS).toBe(15 * 60);
    expect(defaults.AUTH_RATE_LIMIT_IP).toBe(20);
    expect(WINDOW_ADDRESS_SECONDS).toBe(60);
  });
});

describe("sign-in lockout with the default limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_IP: String(defaults.AUTH_RATE_LIMIT_IP), AUTH_RATE_LIMIT_ACCOUNT: String(defaults.AUTH_RATE_LIMIT_ACCOUNT) });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });

  async function owner(address: string) {
    const email = uniqueEmail("owner");
    const signUp = await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", remoteAddress: address, headers: { origin: TEST_ORIGIN }, payload: { name: "Owner", email, password: "owner-pass" } });
    expect(signUp.statusCode).toBe(200);
    const deviceCookie = cookiesFrom(signUp)
      .split("; ")
      .filter((pair) => pair.startsWith("inventors.known-device="))
      .join("; ");
    expect(deviceCookie).not.toBe("");
    return { email, deviceCookie };
  }

  /** One wrong guess each from `count` different addresses, none of them with the owner's browser. */
  async function distributedGuesses(email: string, count: number, network: number, cookie?: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let host = 1; host <= count; host += 1) statuses.push((await signIn(email, `guess-${host}`, `10.${network}.0.${host}`, cookie)).statusCode);
    return statuses;
  }

  it("limits guesses at one account from many addresses to 8 per 15 minutes", async () => {
    const { email } = await owner("198.51.100.1");
    const statuses = await distributedGuesses(email, 10, 1);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    const refused = await signIn(email, "owner-pass", "10.1.0.99");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(15 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("lets the owner sign in from the browser they used before while a stranger's guesses are refused", async () => {
    const { email } = await owner("198.51.100.2");
    // A sign-in on another browser (say, the laptop) makes that one a known device too.
    const laptop = await signIn(email, "owner-pass", "198.51.100.2");
    const deviceCookie = cookiesFrom(laptop)
      .split("; ")
      .filter((pair) => pair.startsWith("inventors.known-device="))
      .join("; ");
    expect(deviceCookie).not.toBe("");
    expect(await distributedGuesses(email, 12, 2)).toContain(429);
    // A stranger with the right password but a new browser waits like everyone else.
    expect((await signIn(email, "owner-pass", "10.2.0.200")).statusCode).toBe(429);

    const usual = await signIn(email, "owner-pass", "198.51.100.2", deviceCookie);
    expect(usual.statusCode).toBe(200);
    expect(cookiesFrom(usual)).toMatch(/better-auth\.session_token=/);
    // The owner's own mistypes from that browser do not count against the account either.
    expect((await signIn(email, "owner-typo", "198.51.100.2", deviceCookie)).statusCode).toBe(401);
  });

  it("does not let a device cookie of another account, or a forged one, skip the account's limit", async () => {
    const target = await owner("198.51.100.3");
    const attacker = await owner("198.51.100.4");
    expect(await distributedGuesses(target.email, 9, 3, attacker.deviceCookie)).toContain(429);

    const second = await owner("198.51.100.5");
    const [name, value] = second.deviceCookie.split("=");
    const [, signature] = (value ?? "").split(".");
    const targetId = (await t.auth.$context).internalAdapter.findUserByEmail(target.email);
    const forged = `${name}=${(await targetId)?.user.id}.${signature}`;
    expect((await signIn(target.email, "owner-pass", "10.3.0.77", forged)).statusCode).toBe(429);
  });

  it("still limits one address guessing at many accounts, device cookie or not", async () => {
    const { deviceCookie } = await owner("198.51.100.6");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) statuses.push((await signIn(uniqueEmail("spray"), "guess", "203.0.113.66", deviceCookie)).statusCode);
    // The owner's sign-up came from elsewhere; this address has 20 attempts a minute.
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
