import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_MAY_HAVE_BEEN_DELIVERED, type BulkSendProgress, type EmailErrorEntry } from "../../common/contracts/email";
import { call, signIn, signUp, userIdOf, waitUntil, type CallResult } from "./http-client";
import { killHard, startServerProcess, type ServerProcess } from "./server-process";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";
import { createStores, onPostgres } from "./store-env";

// kill -9 of the instance sending a bulk mail (issue 26, SECURITY.md, Faults). Its heartbeat stops;
// the admin is shown the send waiting for recovery, and another instance takes it over within the
// stale bound, not pg-boss's 5-minute expiry. The batch in hand at the kill may have reached the
// mail server: it is recorded as "may have been delivered", never sent again.
// On PostgreSQL the other instance is a second server process; an embedded PGlite folder opens in
// one process at a time, so there it is the restart.
const RECIPIENTS = 30;
const BATCH = 5;
/** Short for the test (the default is 30 s). PGlite's longer one leaves the restart time to boot before the takeover. */
const STALE_SECONDS = onPostgres ? 6 : 10;
/** From the kill to the send's end: the stale bound, one look by the other instance, and the sending left. */
const RESUMED_WITHIN_MS = 30_000;
const ADMIN = { email: "owner@example.com", password: "Owner-secret-1" };
const stores = createStores("bulk-crash");
const servers: ServerProcess[] = [];
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  for (const server of servers) await killHard(server);
  inbox.release();
  await inbox.close();
  await stores.cleanup();
});

async function start(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  servers.push(server);
  return server;
}

const progressOf = async (server: ServerProcess, admin: CallResult, sendId: string) =>
  (await call(server.base, `/api/admin/email/bulk/${sendId}`, { cookie: admin.cookie })).json as BulkSendProgress | null;

describe(`kill -9 of the instance sending a bulk mail (${onPostgres ? "PostgreSQL, two instances" : "embedded PGlite, restart"})`, () => {
  it("shows the send waiting for recovery, resumes it within the stale bound, and mails nobody twice", async () => {
    const env = {
      ...(await stores.storeEnv()),
      SMTP_URL: inbox.url,
      EMAIL_BATCH_SIZE: String(BATCH),
      EMAIL_BATCH_PAUSE_MS: "100",
      EMAIL_SENDER_STALE_SECONDS: String(STALE_SECONDS),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const sender = await start(env);
    const admin = await signIn(sender.base, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const emails = Array.from({ length: RECIPIENTS }, (_, index) => `reader-${index}@example.com`);
    const userIds: string[] = [];
    for (const email of emails) userIds.push(userIdOf(await signUp(sender.base, email)));

    const started = await call(sender.base, "/api/admin/users/email", { body: { userIds, subject: "Monthly letter", message: "<p>Hello {{name}}</p>" }, cookie: admin.cookie });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const sendId = String(started.json?.sendId);
    // The first batch goes out; the second is caught at the mail server: accepted, not yet answered.
    await waitUntil("the first batch is delivered", () => {
      if (inbox.recipients.length < BATCH) return false;
      inbox.hold();
      return true;
    });
    await waitUntil("the second batch is in hand", () => inbox.held() === BATCH);
    const delivered = [...inbox.recipients];
    expect(delivered).toHaveLength(BATCH);

    // The other instance starts while the sender is alive: the send is not taken for stalled, whatever
    // the time it waits for its mail server (the sender's heartbeat runs while a batch is in hand).
    const twin = onPostgres ? await start(env) : null;
    if (twin) expect(await progressOf(twin, admin, sendId)).toMatchObject({ status: "sending", recovery: null });

    await killHard(sender);
    const killedAt = Date.now();
    // The mail server had the messages in hand: they count as delivered (the case).
    inbox.release();
    await waitUntil("the batch in hand is accepted", () => inbox.recipients.length === 2 * BATCH);
    const inHand = inbox.recipients.slice(BATCH);

    const other = twin ?? (await start(env));
    const signedIn = onPostgres ? admin : await signIn(other.base, ADMIN.email, ADMIN.password);
    let waiting: BulkSendProgress | null = null;
    await waitUntil("the admin sees the send waiting for recovery", async () => {
      const progress = await progressOf(other, signedIn, sendId);
      if (progress?.recovery === "waiting") waiting = progress;
      return waiting !== null;
    });
    expect(waiting).toMatchObject({ status: "sending", sent: BATCH, uncertain: 0, failed: 0, pending: RECIPIENTS - BATCH });
    let done: BulkSendProgress | null = null;
    await waitUntil("the send is resumed and finished", async () => {
      const progress = await progressOf(other, signedIn, sendId);
      if (progress?.status === "done") done = progress;
      return done !== null;
    });
    expect(Date.now() - killedAt).toBeLessThan(RESUMED_WITHIN_MS);
    expect(done).toEqual({ id: sendId, status: "done", total: RECIPIENTS, sent: RECIPIENTS - BATCH, failed: 0, uncertain: BATCH, skipped: 0, cancelled: 0, pending: 0, recovery: "resumed" });

    // Nobody twice; everyone not in hand at the kill exactly once (those in hand reached the mail server once).
    expect([...inbox.recipients].sort()).toEqual([...emails].sort());
    expect(inbox.recipients.filter((address) => !inHand.includes(address))).toHaveLength(RECIPIENTS - BATCH);
    // The admin's error log names each in-hand recipient as "may have been delivered", not as a failure.
    const log = (await call(other.base, "/api/admin/email/errors", { cookie: signedIn.cookie })).json as { entries: EmailErrorEntry[] } | null;
    const uncertain = (log?.entries ?? []).filter((entry) => entry.message === BULK_MAY_HAVE_BEEN_DELIVERED);
    expect(uncertain.map((entry) => entry.recipient).sort()).toEqual([...inHand].sort());
  }, 180_000);
});
