import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourcesResponse } from "../../common/contracts/resources";
import { buildApp, type App } from "../app";
import type { DatabaseHandle } from "../db/client";
import { loadEnv } from "../env";
import { resources } from "../features/resources/resources.table";
import { TEST_ORIGIN, TEST_SECRET, signUp, uniqueEmail } from "../test/build-test-app";
import { createTestDatabase } from "../test/test-database";
import { freePort } from "./server-process";

// S3_BUCKET set, and the bucket's address refuses connections (S3 down, or a wrong S3_ENDPOINT):
// the calls that need a file answer 503 naming file storage, the log says so, and everything the
// database alone serves keeps working.
let database: DatabaseHandle;
let built: App;
let dataDir: string;
let endpoint: string;
const logLines: string[] = [];
const startLog: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "storage-outage-"));
  endpoint = `http://127.0.0.1:${await freePort()}`;
  const env = loadEnv({
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    WEB_DIST_DIR: ".tmp/no-web-build",
    CONTENT_VERSION_CHECK_MS: "0",
    S3_BUCKET: "community-files",
    // Nothing listens there: every connection is refused at once.
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "outage-test-key",
    S3_SECRET_ACCESS_KEY: "outage-test-secret",
  });
  const logger = pino({ level: "warn" }, new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        logLines.push(chunk.toString());
        done();
      },
    }));
  built = await buildApp({ env, database, logger, authSecret: TEST_SECRET });
  startLog.push(...logLines);
}, 60_000);

afterAll(async () => {
  await built?.app.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("file storage unreachable", () => {
  it("does not keep the server from starting: the log says the bucket did not answer", () => {
    const logged = startLog.map((line) => JSON.parse(line) as { msg: string });
    expect(logged.map((line) => line.msg)).toContain(`file storage unavailable at start: the bucket "community-files" at S3_ENDPOINT ${endpoint} did not answer; files answer 503 until it does`);
  });

  it("answers a download 503 with a storage message and logs a storage outage, not a database one; the rest keeps serving", async () => {
    await database.db.insert(resources).values({
      title: "Patent checklist",
      description: "Before you file",
      type: "PDF",
      category: "legal",
      tier: "free",
      fileKey: "resources/5f0c1e52-3a4b-4c5d-8e9f-0a1b2c3d4e5f.pdf",
      fileType: "application/pdf",
      fileName: "patent-checklist.pdf",
    });
    const cookie = await signUp(built.app, { name: "Storage Reader", email: uniqueEmail("storage"), password: "secret12" });

    const list = await built.app.inject({ url: "/api/resources?category=legal", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const [resource] = list.json<ResourcesResponse>().resources;
    expect(resource).toMatchObject({ title: "Patent checklist", downloadUrl: expect.stringContaining("/api/resources/") });

    logLines.length = 0;
    const download = await built.app.inject({ url: resource?.downloadUrl ?? "", headers: { cookie } });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: "File storage is temporarily unavailable. Please try again shortly." } });
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } });
    expect(logged.map((line) => line.msg)).toEqual(["file storage unavailable"]);
    // The cause is kept for the operator: the refused connection to the bucket.
    expect(JSON.stringify(logged[0]?.err)).toContain("ECONNREFUSED");

    // The database is fine, so this instance stays in rotation and the lists keep answering.
    expect((await built.app.inject({ url: "/api/ready" })).json()).toEqual({ status: "ready" });
    expect((await built.app.inject({ url: "/api/resources?category=legal", headers: { cookie } })).statusCode).toBe(200);
  }, 60_000);
});
