import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataFolder, readLockOwner } from "../../db/data-folder-lock";
import { waitUntil } from "../../reliability/http-client";
import { seedPgliteFolder } from "../../test/test-database";
import { bundledScript } from "../../test/server-bundles";
import { CONTROL_SECRET_FILE } from "./control-channel";

// One process per embedded data folder (SECURITY.md, Faults). These start real servers and commands
// on a PGlite folder; DATABASE_URL plays no part, so the PostgreSQL run skips them.
const embeddedOnly = process.env.TEST_DB === "postgres";
const folders: string[] = [];
const servers: ChildProcess[] = [];

afterAll(() => {
  for (const server of servers) server.kill("SIGKILL");
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "data-lock-"));
  folders.push(folder);
  return folder;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", SEED_DEMO: "false", DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: "", WEB_DIST_DIR: path.join(dataDir, "no-web-build") };
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runNode(script: "main" | "cli/create-admin" | "cli/billing-advance", args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile("node", [bundledScript(script), ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

const createAdmin = (dataDir: string, email: string) => runNode("cli/create-admin", ["--email", email, "--password", "chief-pass-1"], serverEnv(dataDir, 0));
const advanceBilling = (dataDir: string, email: string, event: string) => runNode("cli/billing-advance", ["--email", email, "--event", event], serverEnv(dataDir, 0));

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn("node", [bundledScript("main")], { env: serverEnv(dataDir, port), stdio: "ignore" });
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${base}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not become healthy");
}

async function call(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, cookie: response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ") };
}

async function payingMember(base: string, email: string): Promise<string> {
  const { cookie } = await call(base, "POST", "/api/auth/sign-up/email", { name: "Paying Member", email, password: "secret1" });
  const checkout = await call(base, "POST", "/api/billing/checkout", { plan: "inventor" }, cookie);
  const sessionId = String(checkout.json.url).split("/billing/checkout/")[1];
  expect((await call(base, "POST", `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242 4242 4242 4242" }, cookie)).status).toBe(200);
  return cookie;
}

const subscriptionStatus = async (base: string, cookie: string) => ((await call(base, "GET", "/api/billing/account", undefined, cookie)).json.subscription as { status: string } | null)?.status;

describe.skipIf(embeddedOnly)("one process per embedded data folder", () => {
  it("refuses a second server and both commands while another process holds the folder, naming it, and changes nothing", async () => {
    const dataDir = dataFolder();
    const held = await lockDataFolder(dataDir, "command", () => undefined);
    try {
      const [server, admin, billing] = await Promise.all([
        runNode("main", [], serverEnv(dataDir, await freePort())),
        createAdmin(dataDir, "chief@example.com"),
        advanceBilling(dataDir, "member@example.com", "renew"),
      ]);
      for (const refused of [server, admin, billing]) {
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`is in use by process ${process.pid} (a command, started as`);
        expect(refused.stderr).toContain("Stop that process first");
      }
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
      expect(readLockOwner(dataDir)?.pid).toBe(process.pid);
    } finally {
      await held.release();
    }
  }, 90_000);
});

describe.skipIf(embeddedOnly)("a command while the server holds the embedded data folder", () => {
  let running: { dataDir: string; server: { child: ChildProcess; base: string } };
  beforeAll(async () => {
    const dataDir = dataFolder();
    // The suite's migrated snapshot instead of the server's own initdb: seconds less per run.
    await seedPgliteFolder(dataDir);
    running = { dataDir, server: await startServer(dataDir) };
  }, 120_000);

  it("answers the control channel only with the server's secret, and never a browser", async () => {
    const { dataDir } = running;
    const port = readLockOwner(dataDir)?.controlPort;
    const secretFile = path.join(dataDir, CONTROL_SECRET_FILE);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, "utf8");
    const attempt = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/commands/admin:create`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ email: "intruder@example.com", password: "intruder-1" }),
      }).then((response) => response.status);

    expect(await attempt({})).toBe(401);
    expect(await attempt({ authorization: "Bearer wrong" })).toBe(401);
    expect(await attempt({ authorization: `Bearer ${secret}`, origin: "http://evil.example" })).toBe(403);
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      // fetch always sends the real Host; a page whose name was rebound to 127.0.0.1 sends its own.
      const sent = request({ port, method: "POST", path: "/commands/admin:create", headers: { host: "rebound.example", authorization: `Bearer ${secret}`, "content-type": "application/json" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      sent.once("error", reject);
      sent.end(JSON.stringify({ email: "intruder@example.com", password: "intruder-1" }));
    });
    expect(rebound).toBe(403);
    expect((await createAdmin(dataDir, "intruder@example.com")).code).toBe(0);
  });

  it("runs the commands through the running server, refuses a second server, and a kill -9 leaves no lock that blocks the next start", async () => {
    const { dataDir, server: first } = running;
    const memberCookie = await payingMember(first.base, "payer@example.com");

    const second = await runNode("main", [], serverEnv(dataDir, await freePort()));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is in use by process ${first.child.pid} (the server, started as \`node ${path.relative(process.cwd(), bundledScript("main"))}\``);

    const admin = await createAdmin(dataDir, "chief@example.com");
    expect(admin).toMatchObject({ code: 0, stdout: `Created admin chief@example.com through the running server (pid ${first.child.pid}).\n` });
    expect((await call(first.base, "POST", "/api/auth/sign-in/email", { email: "chief@example.com", password: "chief-pass-1" })).json.user).toMatchObject({ role: "admin" });
    expect((await createAdmin(dataDir, "chief@example.com")).code).toBe(1);

    const failed = await advanceBilling(dataDir, "payer@example.com", "fail");
    expect(failed).toMatchObject({ code: 0, stdout: "payer@example.com: the renewal payment fails (past_due; the tier stays for the grace period); subscription is now past_due.\n" });
    expect(await subscriptionStatus(first.base, memberCookie)).toBe("past_due");

    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    const restarted = await startServer(dataDir);
    expect((await call(restarted.base, "POST", "/api/auth/sign-in/email", { email: "chief@example.com", password: "chief-pass-1" })).status).toBe(200);
    expect(await subscriptionStatus(restarted.base, memberCookie)).toBe("past_due");
  }, 180_000);

});

describe.skipIf(embeddedOnly)("a command run while the server starts", () => {
  it("waits until the server takes commands, then runs through it", async () => {
    const dataDir = dataFolder();
    const child = spawn("node", [bundledScript("main")], { env: serverEnv(dataDir, await freePort()), stdio: "ignore" });
    servers.push(child);
    // The folder is the server's, its control channel not open yet: on a first start (initdb) seconds long.
    await waitUntil("the server holds the folder before its control channel opens", () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const owner = readLockOwner(dataDir);
      return owner?.role === "server" && owner.controlPort === undefined;
    });
    const admin = await createAdmin(dataDir, "early@example.com");
    expect(admin.stderr).toContain(`The server is starting on ${dataDir}: the command waits until it takes commands.`);
    expect(admin).toMatchObject({ code: 0, stdout: `Created admin early@example.com through the running server (pid ${child.pid}).\n` });
  }, 120_000);
});
