import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "../../common/contracts/community";
import type { BulkSendProgress } from "../../common/contracts/email";
import { call, signIn, signUp, userIdOf, waitUntil } from "../reliability/http-client";
import { killHard, startServerProcess, type ServerProcess } from "../reliability/server-process";
import { startSmtpInbox, type SmtpInbox } from "../reliability/smtp-inbox";
import { adminStatement, createStores, onPostgres } from "../reliability/store-env";
import { PG_DUMP_COMMAND, PG_RESTORE_COMMANDS, RESTORED_DATABASE } from "./postgres-backup";

// The README's PostgreSQL backup and restore, run line for line on a database the app populated
// (its migrations, pg-boss's partitioned job tables, a member, a post, a finished bulk send): the
// dump taken while serving, the restore with every instance stopped, a server started on the result.
const stores = createStores("pg-restore");
const servers: ServerProcess[] = [];
const extraDatabases: string[] = [];
let inbox: SmtpInbox | undefined;
const ADMIN = { email: "owner@example.com", password: "Owner-secret-1" };

afterAll(async () => {
  for (const server of servers) await killHard(server);
  await inbox?.close();
  for (const name of extraDatabases) await adminStatement(`drop database if exists ${name} with (force)`);
  await stores.cleanup();
});

interface Outcome {
  code: number | null;
  stderr: string;
}

/** One command line as an operator's shell runs it. */
function shell(line: string, cwd: string, env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile("sh", ["-c", line], { cwd, env: { ...process.env, ...env }, timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stderr });
    });
  });
}

async function stop(server: ServerProcess): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

describe.runIf(onPostgres && process.env.TEST_DATABASE_URL)("PostgreSQL backup and restore with the README's commands", () => {
  it("dumps while serving, restores into a new database with exit code 0, and a server on it has the members, posts and bulk sends, and sends again", async () => {
    const readme = readFileSync("README.md", "utf8");
    for (const line of [PG_DUMP_COMMAND, ...PG_RESTORE_COMMANDS]) expect(readme, line).toContain(line);

    inbox = await startSmtpInbox();
    const databaseUrl = await stores.emptyPostgres();
    const workDir = stores.dataFolder();
    const env = {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      DATA_DIR: stores.dataFolder(),
      WEB_DIST_DIR: "/nonexistent-web-build",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: inbox.url,
      EMAIL_BATCH_PAUSE_MS: "0",
      AUTH_RATE_LIMIT_IP: "100000",
      AUTH_RATE_LIMIT_ACCOUNT: "100000",
    };
    const server = await startServerProcess(env);
    servers.push(server);
    const admin = await signIn(server.base, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const member = await signUp(server.base, "kept@example.com");
    expect(member.status).toBe(200);
    expect((await call(server.base, "/api/community/posts", { body: { content: "Kept by the restore" }, cookie: member.cookie })).status).toBe(201);
    const send = await call(server.base, "/api/admin/users/email", { body: { userIds: [userIdOf(member)], subject: "Before the backup", message: "<p>Hi</p>" }, cookie: admin.cookie });
    expect(send.status).toBe(200);
    const sendId = String(send.json?.sendId);
    const progress = async (base: string, id: string, cookie: string) => ((await call(base, `/api/admin/email/bulk/${id}`, { cookie })).json as BulkSendProgress | null)?.status;
    await waitUntil("the bulk send is done", async () => (await progress(server.base, sendId, admin.cookie)) === "done");

    // The dump runs while the server serves; what is written after it is not in it.
    const dumped = await shell(PG_DUMP_COMMAND, workDir, { DATABASE_URL: databaseUrl });
    expect(dumped).toEqual({ code: 0, stderr: "" });
    expect((await signUp(server.base, "after@example.com")).status).toBe(200);

    // Every instance stopped first, then the restore into a new database (unique here: CI shares the server).
    await stop(server);
    const restoredName = `${RESTORED_DATABASE}_${randomBytes(4).toString("hex")}`;
    extraDatabases.push(restoredName);
    const restoredUrl = new URL(databaseUrl);
    restoredUrl.pathname = `/${restoredName}`;
    for (const line of PG_RESTORE_COMMANDS) {
      const outcome = await shell(line.replace(RESTORED_DATABASE, restoredName), workDir, { DATABASE_URL: databaseUrl, RESTORED_URL: restoredUrl.toString() });
      expect(outcome, line).toEqual({ code: 0, stderr: "" });
    }

    const restored = await startServerProcess({ ...env, DATABASE_URL: restoredUrl.toString() });
    servers.push(restored);
    const again = await signIn(restored.base, "kept@example.com");
    expect(again.status).toBe(200);
    expect((await signIn(restored.base, "after@example.com")).status).toBe(401);
    const feed = (await call(restored.base, "/api/community/posts", { cookie: again.cookie })).json as FeedResponse | null;
    expect(feed?.posts.map((post) => post.content)).toContain("Kept by the restore");
    const adminAgain = await signIn(restored.base, ADMIN.email, ADMIN.password);
    expect(await progress(restored.base, sendId, adminAgain.cookie)).toBe("done");
    // pg-boss's tables came back whole: a new bulk send runs to the end on the restored database.
    const next = await call(restored.base, "/api/admin/users/email", { body: { userIds: [userIdOf(again)], subject: "After the restore", message: "<p>Hi</p>" }, cookie: adminAgain.cookie });
    expect(next.status).toBe(200);
    await waitUntil("the bulk send on the restored database is done", async () => (await progress(restored.base, String(next.json?.sendId), adminAgain.cookie)) === "done");
    await stop(restored);

    // What the README used to say: --clean over the populated database fails on pg-boss's partitions.
    const overOld = await shell('pg_restore --clean --if-exists -d "$DATABASE_URL" community.dump', workDir, { DATABASE_URL: databaseUrl });
    expect(overOld.code).toBe(1);
    expect(overOld.stderr).toContain("cannot drop inherited constraint");
  }, 240_000);
});
