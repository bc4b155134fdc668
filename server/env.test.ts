import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const GOOD_SECRET = "q9Vx3LrT7mKp2WzN8bYc4HdF6jGs1AeU5oIt0RlQ";

describe("configuration", () => {
  it("applies the documented defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: "production", PORT: 3000, DATA_DIR: "./data", AUTH_RATE_LIMIT_IP: 20 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT: expected a port number"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: expected a postgres:// connection string"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL: expected an smtp:// or smtps:// URL"],
    [{ ENABLE_TEST_LOGIN: "maybe" }, "ENABLE_TEST_LOGIN: expected true or false"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET: expected at least 32 characters"],
    [{ TRUSTED_PROXY_ADDRESSES: "10.0.0.5, 10.1.0.0/33" }, "TRUSTED_PROXY_ADDRESSES: expected addresses or CIDR ranges"],
    [{ TRUSTED_PROXY_ADDRESSES: "proxy.internal" }, "TRUSTED_PROXY_ADDRESSES: expected addresses or CIDR ranges"],
    [{ ADMIN_EMAIL: "boss@example.com" }, "ADMIN_PASSWORD: required when ADMIN_EMAIL is set"],
    [{ OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" }, "OIDC_ISSUER: required when OIDC_CLIENT_ID is set"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE: expected a whole number from 1 to 500"],
    [{ DATABASE_POOL_SIZE: "many" }, "DATABASE_POOL_SIZE: expected a whole number from 1 to 500"],
    [{ DATABASE_CONNECT_TIMEOUT_MS: "10" }, "DATABASE_CONNECT_TIMEOUT_MS: expected a number of milliseconds from 100 to 60000"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "5s" }, "DATABASE_STATEMENT_TIMEOUT_MS: expected a number of milliseconds up to 3600000 (0: the database's own setting)"],
    [{ DATABASE_QUERY_TIMEOUT_MS: "5000" }, "DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS (5000)"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "20000" }, "DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS (20000)"],
  ])("stops on %j naming the variable", (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });

  it("bounds every wait on PostgreSQL by default, and takes a query timeout alone when the database's statement timeout is used", () => {
    expect(loadEnv({})).toMatchObject({
      DATABASE_POOL_SIZE: 10,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 5000,
      DATABASE_QUERY_TIMEOUT_MS: 6000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 90_000,
    });
    expect(loadEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "0", DATABASE_QUERY_TIMEOUT_MS: "3000" })).toMatchObject({ DATABASE_STATEMENT_TIMEOUT_MS: 0, DATABASE_QUERY_TIMEOUT_MS: 3000 });
  });

  it("refuses to start in production on PostgreSQL without an auth secret, or with a placeholder", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => loadEnv({ NODE_ENV: "production", AUTH_SECRET: "changeme-changeme-changeme-changeme-1234" })).toThrow(/AUTH_SECRET/);
    expect(() => loadEnv({ NODE_ENV: "production", AUTH_SECRET: "a".repeat(40) })).toThrow(/AUTH_SECRET/);
    expect(loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app", AUTH_SECRET: GOOD_SECRET }).AUTH_SECRET).toBe(GOOD_SECRET);
  });
});
