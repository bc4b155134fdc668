// npm run bench: password sign-ins per second with argon2id at OWASP's profile (server/auth/password.ts),
// first the hash check alone in this process, then real sign-ins through the production server's
// POST /api/auth/sign-in/email at 50 connections (each one checks the password and writes a session).
// Goal (issue 14): 100 per second on 2 cores.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { hashPassword, verifyPassword } from "../server/auth/password";
import { openPglite } from "../server/db/client";
import { CONNECTIONS, DURATION_SECONDS, signUpMember } from "./http-load";
import { peakResidentDuring } from "./process-memory";
import { startProductionServer, stopServer } from "./server";

const PORT = 3277;
const ACCOUNTS = 20;
const PASSWORD = "bench-pass-1";
const GOAL_PER_SECOND = 100;

/** Password checks per second with `concurrency` in flight (libuv's threads do the hashing). */
async function verificationsPerSecond(concurrency: number): Promise<number> {
  const stored = await hashPassword(PASSWORD);
  const until = performance.now() + DURATION_SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        if (!(await verifyPassword({ hash: stored, password: PASSWORD }))) throw new Error("the password did not verify");
        done += 1;
      }
    }),
  );
  return done / DURATION_SECONDS;
}

async function signInsPerSecond(label: string, env: Record<string, string>): Promise<void> {
  // Rate limits off for the measurement: the bench signs the same few accounts in thousands of times.
  const server = await startProductionServer(PORT, { ...env, AUTH_RATE_LIMIT_IP: "1000000", AUTH_RATE_LIMIT_ACCOUNT: "1000000", SEED_DEMO: "false" });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const emails: string[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) {
      const cookie = await signUpMember(base, `Bench signer ${index}`);
      const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: { email: string } };
      emails.push(me.user.email);
    }
    let next = 0;
    const run = autocannon({
      url: `${base}/api/auth/sign-in/email`,
      method: "POST",
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: { "content-type": "application/json", origin: base },
      requests: [
        {
          setupRequest: (request) => {
            next = (next + 1) % emails.length;
            return { ...request, body: JSON.stringify({ email: emails[next], password: PASSWORD }) };
          },
        },
      ],
    });
    const { result, peakMegabytes } = await peakResidentDuring(server.pid, run);
    const succeeded = result.requests.total - result.non2xx;
    console.log(
      `  ${label.padEnd(28)} ${(succeeded / DURATION_SECONDS).toFixed(0).padStart(5)} sign-ins/s  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  peak memory ${peakMegabytes} MB  (goal ${GOAL_PER_SECOND}/s)`,
    );
  } finally {
    await stopServer(server);
  }
}

export async function benchSignIn(): Promise<void> {
  console.log(`\nPassword sign-in, argon2id 19 MiB, 2 passes, 1 lane (${availableParallelism()} cores here)`);
  for (const concurrency of [1, 4]) {
    console.log(`  hash checks alone, ${concurrency} at a time      ${(await verificationsPerSecond(concurrency)).toFixed(0).padStart(5)} /s`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-sign-in-"));
  try {
    // Created and migrated before the server starts, as a running server's folder is: a first start
    // runs initdb in the server's process, which holds ~800 MB for a minute or so afterwards.
    const created = await openPglite(path.join(dataDir, "db"));
    await created.migrate();
    await created.close();
    await signInsPerSecond("PGlite (embedded default)", { DATA_DIR: dataDir });
    if (process.env.BENCH_DATABASE_URL) await signInsPerSecond("PostgreSQL", { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("sign-in.bench.ts")) await benchSignIn();
