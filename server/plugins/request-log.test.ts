import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { buildTestApp, type TestApp } from "../test/build-test-app";

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  statusCode?: number;
  ms?: number;
  ip?: string;
}

describe("request log", () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ TRUSTED_PROXY: "x-forwarded-for" }, undefined, createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void lines.push(line) }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

  it("writes one line per request, with its status, time and the address the proxy reported", async () => {
    lines.length = 0;
    const answer = await t.app.inject({ method: "GET", url: "/api/config", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(answer.statusCode).toBe(200);
    const requestLines = logged().filter((line) => line.msg === "request");
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, method: "GET", url: "/api/config", ip: "203.0.113.9", statusCode: 200 });
    expect(requestLines[0]?.ms).toBeGreaterThanOrEqual(0);
    expect(logged().some((line) => line.msg === "incoming request" || line.msg === "request completed")).toBe(false);
  });

  it("keeps successful health probes out of the info log, but not failing ones", async () => {
    lines.length = 0;
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    expect(logged().filter((line) => line.msg === "request")).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: "/api/health/nothing" })).statusCode).toBe(404);
    expect(logged().filter((line) => line.msg === "request").map((line) => line.statusCode)).toEqual([404]);
  });
});
