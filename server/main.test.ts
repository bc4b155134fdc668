import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledScript } from "./test/server-bundles";

const dataDir = mkdtempSync(path.join(tmpdir(), "main-"));
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): ChildProcess {
  const child = spawn("node", [bundledScript("main")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "owner-pass-1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return child;
}

/** A first start runs initdb in the process: seconds of CPU, over 40 s once on a machine running the browser suites beside. */
async function waitHealthy(): Promise<void> {
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server never became healthy");
}

const post = (url: string, body: object) =>
  fetch(`${base}${url}`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify(body) });

describe("the server process", () => {
  it("creates the first admin, finishes in-flight requests on SIGINT, exits 0 and reopens its data", async () => {
    const first = start();
    let logs = "";
    first.stdout?.on("data", (chunk: Buffer) => (logs += chunk.toString()));
    await waitHealthy();
    expect(logs).toContain("created the first admin account");

    // A request whose body is still arriving when the signal comes: it must complete, not be cut.
    const body = JSON.stringify({ name: "Last One", email: "last@example.com", password: "secret1" });
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise((resolve) => socket.once("end", resolve));
    socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => first.once("exit", resolve));
    first.kill("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(await exited).toBe(0);
    expect(logs).toContain("shutting down");

    const second = start();
    await waitHealthy();
    expect((await post("/api/auth/sign-in/email", { email: "last@example.com", password: "secret1" })).status).toBe(200);
    expect((await post("/api/auth/sign-in/email", { email: "owner@example.com", password: "owner-pass-1" })).status).toBe(200);
    const secondExit = new Promise<number | null>((resolve) => second.once("exit", resolve));
    second.kill("SIGTERM");
    expect(await secondExit).toBe(0);
  }, 150_000);
});
