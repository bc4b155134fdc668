import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from "../test/build-test-app";
import { rateLimitAddress, resolveClientIp } from "./client-ip";
import { hitRateLimit, pruneRateLimits } from "./rate-limit";

const signInFrom = (t: TestApp, email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { email, password: "wrong-password" },
  });

describe("auth rate limits (no trusted proxy)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_IP: "5", AUTH_RATE_LIMIT_ACCOUNT: "3" });
  });
  afterAll(() => t.close());

  it("answers 429 once one address passes its limit, across many emails and forged X-Forwarded-For values", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await signInFrom(t, uniqueEmail(), "203.0.113.7", { "x-forwarded-for": `198.51.100.${attempt}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await signInFrom(t, uniqueEmail(), "203.0.113.7");
    expect(limited.json().message).toBe("Too many attempts. Please wait a moment and try again.");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signInFrom(t, uniqueEmail(), "203.0.113.8")).statusCode).toBe(401);
  });

  it("limits a whole IPv6 /64 as one address", async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 6; host += 1) {
      statuses.push((await signInFrom(t, uniqueEmail(), `2001:db8:aa:bb::${host.toString(16)}`)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await signInFrom(t, uniqueEmail(), "2001:db8:aa:cc::1")).statusCode).toBe(401);
  });

  it("limits one account however many addresses guess at it", async () => {
    const email = uniqueEmail("target");
    const statuses: number[] = [];
    for (let host = 1; host <= 4; host += 1) statuses.push((await signInFrom(t, email, `192.0.2.${host}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("spends none of an account's guesses on attempts its address was refused", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signInFrom(t, uniqueEmail(), "203.0.113.90")).statusCode).toBe(401);
    const email = uniqueEmail("bystander");
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signInFrom(t, email, "203.0.113.90")).statusCode).toBe(429);
    const statuses: number[] = [];
    for (let host = 1; host <= 4; host += 1) statuses.push((await signInFrom(t, email, `192.0.2.${100 + host}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("starts an account's count afresh after its owner signs in successfully", async () => {
    const email = uniqueEmail("owner");
    await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", remoteAddress: "192.0.2.60", headers: { origin: TEST_ORIGIN }, payload: { name: "Owner", email, password: "right-password" } });
    const attempt = (password: string, host: number) =>
      t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", remoteAddress: `192.0.2.${host}`, headers: { origin: TEST_ORIGIN }, payload: { email, password } });
    expect((await attempt("wrong-password", 61)).statusCode).toBe(401);
    expect((await attempt("wrong-password", 62)).statusCode).toBe(401);
    expect((await attempt("right-password", 63)).statusCode).toBe(200);
    expect((await attempt("wrong-password", 64)).statusCode).toBe(401);
    expect((await attempt("wrong-password", 65)).statusCode).toBe(401);
    expect((await attempt("wrong-password", 66)).statusCode).toBe(401);
    expect((await attempt("wrong-password", 67)).statusCode).toBe(429);
  });

  it("limits sign-up and reset requests too", async () => {
    let last = 0;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: "203.0.113.50",
        headers: { origin: TEST_ORIGIN },
        payload: { email: uniqueEmail() },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe("auth rate limits behind a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_IP: "2", TRUSTED_PROXY: "x-forwarded-for" });
  });
  afterAll(() => t.close());

  it("counts the address the proxy appended, not the proxy's own", async () => {
    const from = (client: string) => signInFrom(t, uniqueEmail(), "10.0.0.1", { "x-forwarded-for": `6.6.6.6, ${client}` });
    expect((await from("198.51.100.20")).statusCode).toBe(401);
    expect((await from("198.51.100.20")).statusCode).toBe(401);
    expect((await from("198.51.100.20")).statusCode).toBe(429);
    expect((await from("198.51.100.21")).statusCode).toBe(401);
  });
});

describe("auth rate limits behind a trusted proxy at known addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_IP: "2", TRUSTED_PROXY: "x-forwarded-for", TRUSTED_PROXY_ADDRESSES: "10.0.0.0/8, fd00::1" });
  });
  afterAll(() => t.close());

  it("ignores a forwarded address on a connection that did not come through the proxy", async () => {
    // An instance reachable directly: each forged header would otherwise be a fresh address with fresh attempts.
    const direct = (forged: string) => signInFrom(t, uniqueEmail(), "198.51.100.77", { "x-forwarded-for": forged });
    expect((await direct("203.0.113.1")).statusCode).toBe(401);
    expect((await direct("203.0.113.2")).statusCode).toBe(401);
    expect((await direct("203.0.113.3")).statusCode).toBe(429);
  });

  it("counts the forwarded address on connections from the proxy, IPv4 ranges, mapped addresses and IPv6 alike", async () => {
    const viaProxy = (proxy: string, client: string) => signInFrom(t, uniqueEmail(), proxy, { "x-forwarded-for": client });
    expect((await viaProxy("10.2.3.4", "192.0.2.30")).statusCode).toBe(401);
    expect((await viaProxy("::ffff:10.9.9.9", "192.0.2.30")).statusCode).toBe(401);
    expect((await viaProxy("fd00::1", "192.0.2.30")).statusCode).toBe(429);
    expect((await viaProxy("10.2.3.4", "192.0.2.31")).statusCode).toBe(401);
  });
});

describe("client address resolution", () => {
  it("ignores forwarding headers unless a trusted proxy header is configured", () => {
    expect(resolveClientIp({ "x-forwarded-for": "1.2.3.4" }, "127.0.0.1", undefined)).toBe("127.0.0.1");
    expect(resolveClientIp({ "x-forwarded-for": "9.9.9.9, 1.2.3.4" }, "127.0.0.1", "x-forwarded-for")).toBe("1.2.3.4");
    expect(resolveClientIp({ "x-real-ip": "garbage" }, "127.0.0.1", "x-real-ip")).toBe("127.0.0.1");
  });

  it("groups IPv6 by /64 and unwraps IPv4-mapped addresses", () => {
    expect(rateLimitAddress("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64");
    expect(rateLimitAddress("2001:db8:0:1:ffff:1:2:3")).toBe("2001:db8:0:1::/64");
    expect(rateLimitAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitAddress("192.0.2.1")).toBe("192.0.2.1");
  });
});

describe("rate limit storage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("restarts an expired window at one and prunes windows that ended over an hour ago", async () => {
    await hitRateLimit(t.database.db, "test:window", 1, 60);
    expect((await hitRateLimit(t.database.db, "test:window", 1, 60)).allowed).toBe(false);
    await t.database.db.execute(sql`update rate_limits set reset_at = now() - interval '2 hours' where key = 'test:window'`);
    await t.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('test:old', 5, now() - interval '2 hours')`);
    await pruneRateLimits(t.database.db);
    expect((await hitRateLimit(t.database.db, "test:window", 1, 60)).allowed).toBe(true);
    const rows = (await t.database.db.execute(sql`select key from rate_limits where key = 'test:old'`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(0);
  });
});
