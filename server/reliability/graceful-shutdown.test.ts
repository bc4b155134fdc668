import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkSendProgress } from "../../common/contracts/email";
import { call, signIn, signUp, userIdOf, waitUntil } from "./http-client";
import { killHard, startServerProcess, type ServerProcess } from "./server-process";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";
import { createStores, onPostgres } from "./store-env";

// SIGTERM, as an orchestrator or Ctrl-C sends it, on a real server process (SECURITY.md, Faults):
// requests in flight are answered, the bulk-send batch in hand is delivered, nothing new starts, and
// the next start mails the rest. Every recipient gets exactly one message.
const RECIPIENTS = 17;
const BATCH = 5;
/** Sign-ins sent together just before the signal. */
const SIGN_INS = 16;
const ADMIN = { email: "owner@example.com", password: "Owner-secret-1" };
const stores = createStores("graceful");
const servers: ServerProcess[] = [];
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  for (const server of servers) await killHard(server);
  await inbox.close();
  await stores.cleanup();
});

/** A sign-up whose body arrives in two parts: the server has it in hand until `finish()`. */
function slowSignUp(base: string, email: string) {
  const body = Buffer.from(JSON.stringify({ name: "Late Arrival", email, password: "secret12" }));
  const request = httpRequest(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    // A browser's keep-alive connection: it stays open after the answer (Node's default agent would
    // drop it after 5 s, a browser keeps it for minutes), which must not hold up the stop.
    agent: new Agent({ keepAlive: true }),
    headers: { origin: base, "content-type": "application/json", "content-length": body.length, connection: "keep-alive" },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("response", (response: IncomingMessage) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
  });
  request.write(body.subarray(0, 20));
  return { answered, finish: () => request.end(body.subarray(20)) };
}

const exitOf = (server: ServerProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (server.child.exitCode !== null) return resolve({ code: server.child.exitCode, signal: null });
    server.child.once("exit", (code, signal) => resolve({ code, signal }));
  });

describe(`SIGTERM while serving and sending (${onPostgres ? "PostgreSQL" : "embedded PGlite"})`, () => {
  it("answers the request in flight, delivers the batch in hand, and the next start mails the rest: everyone exactly once", async () => {
    const env = {
      ...(await stores.storeEnv()),
      SMTP_URL: inbox.url,
      EMAIL_BATCH_SIZE: String(BATCH),
      EMAIL_BATCH_PAUSE_MS: "100",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const first = await startServerProcess(env);
    servers.push(first);
    const admin = await signIn(first.base, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const emails = Array.from({ length: RECIPIENTS }, (_, index) => `reader-${index}@example.com`);
    const userIds: string[] = [];
    for (const email of emails) userIds.push(userIdOf(await signUp(first.base, email)));

    const started = await call(first.base, "/api/admin/users/email", { body: { userIds, subject: "Monthly letter", message: "<p>Hello {{name}}</p>" }, cookie: admin.cookie });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const sendId = String(started.json?.sendId);
    // The first batch goes out; the second is caught at the mail server, in hand.
    await waitUntil("the first batch is delivered", () => inbox.recipients.length >= BATCH);
    inbox.hold();
    await waitUntil("the second batch is in flight", () => inbox.held() > 0);

    const late = slowSignUp(first.base, "late@example.com");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = exitOf(first);
    first.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Still finishing the request in hand: still answering, but no longer ready, and closing each
    // connection after its answer.
    expect(first.child.exitCode).toBeNull();
    const ready = await fetch(`${first.base}/api/ready`);
    expect([ready.status, ready.headers.get("connection"), await ready.json()]).toEqual([503, "close", { status: "unavailable", reason: "stopping", message: "This instance is shutting down." }]);
    late.finish();
    expect((await late.answered).status).toBe(200);
    inbox.release();
    // Within moments of the last answer and the batch, not at the keep-alive timeout (72 s).
    const exit = await Promise.race([exited, new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 20_000))]);
    expect(exit, first.errors()).toEqual({ code: 0, signal: null });
    expect(await fetch(`${first.base}/api/health`).then((response) => response.status, () => "refused")).toBe("refused");
    // The batch in hand went out whole, and no batch after it.
    expect(inbox.recipients).toHaveLength(2 * BATCH);

    const second = await startServerProcess(env);
    servers.push(second);
    const signedIn = await signIn(second.base, ADMIN.email, ADMIN.password);
    let progress: BulkSendProgress | null = null;
    await waitUntil("the send is finished by the next start", async () => {
      progress = (await call(second.base, `/api/admin/email/bulk/${sendId}`, { cookie: signedIn.cookie })).json as BulkSendProgress | null;
      return progress?.status === "done";
    });
    expect(progress).toMatchObject({ total: RECIPIENTS, sent: RECIPIENTS, failed: 0 });
    expect([...inbox.recipients].sort()).toEqual([...emails].sort());
    // The request answered during the stop was kept.
    expect((await signIn(second.base, "late@example.com")).status).toBe(200);
  }, 180_000);

  it("answers every sign-in in flight at the signal (200, or 503 once closing), then closes the database without an error logged", async () => {
    const server = await startServerProcess(await stores.storeEnv());
    servers.push(server);
    const emails = Array.from({ length: SIGN_INS }, (_, index) => `signing-in-${index}@example.com`);
    for (const email of emails) expect((await signUp(server.base, email)).status).toBe(200);

    // All at once, each on its own connection: when the first is answered, a busy server has not even
    // read some of the others (closing then would reset them, and they would get no answer at all).
    const attempts = emails.map((email) => signIn(server.base, email).then(
        (answer) => answer.status,
        (error: Error) => `no answer (${String((error.cause as { code?: string } | undefined)?.code ?? error.message)})`,
      ),
    );
    await Promise.race(attempts);
    const exited = exitOf(server);
    server.child.kill("SIGTERM");
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((status) => status !== 200 && status !== 503), statuses.join(" ")).toEqual([]);
    expect(await exited, server.errors()).toEqual({ code: 0, signal: null });
    expect(server.errors()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
