import { afterAll, describe, expect, it } from "vitest";
import { killHard, startServerProcess, type ServerProcess } from "./server-process";
import { createStores, onPostgres } from "./store-env";

// kill -9 in the middle of a stream of writes (SECURITY.md, Faults): every write the server
// acknowledged is there after a restart, and the data folder (or database) opens again. Each run
// uses the store TEST_DB names: the embedded folder on PGlite, a fresh database on PostgreSQL.
const WRITERS = 6;
/** Acknowledged writes before the kill: counted, not timed, so a busy machine still cuts a real stream. */
const WRITES_BEFORE_KILL = 30;
const stores = createStores("kill-writes");
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await killHard(server);
  await stores.cleanup();
});

const signUp = (base: string, email: string) =>
  fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Written Member", email, password: "secret12" }),
  });

describe(`kill -9 during writes (${onPostgres ? "PostgreSQL" : "embedded PGlite"})`, () => {
  it("keeps every acknowledged sign-up, and the store opens again after the kill", async () => {
    const env = await stores.storeEnv();
    const first = await startServerProcess(env);
    servers.push(first);

    const acknowledged: string[] = [];
    let attempted = 0;
    let killed = false;
    const writer = async (index: number) => {
      for (let n = 0; !killed; n += 1) {
        const email = `w${index}-${n}@example.com`;
        attempted += 1;
        const answer = await signUp(first.base, email).catch(() => null);
        if (answer?.status === 200) acknowledged.push(email);
        else if (!killed) throw new Error(`a write failed before the kill: ${answer?.status ?? "no answer"}`);
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < WRITES_BEFORE_KILL && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    await killHard(first);
    await writing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);
    // Some writes were in flight at the kill: the test cut a stream, not a pause.
    expect(attempted).toBeGreaterThan(acknowledged.length);

    const second = await startServerProcess(env);
    servers.push(second);
    const missing: string[] = [];
    for (const email of acknowledged) {
      const signIn = await fetch(`${second.base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: second.base },
        body: JSON.stringify({ email, password: "secret12" }),
      });
      if (signIn.status !== 200) missing.push(email);
    }
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged sign-ups lost`).toEqual([]);
    // And it still takes writes.
    expect((await signUp(second.base, "after-restart@example.com")).status).toBe(200);
    await killHard(second);
  }, 180_000);
});
