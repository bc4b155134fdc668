import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as httpRequest } from "node:http";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MESSAGES, type MediaItem, type MediaPage } from "../../common/contracts/media";
import { samplePng } from "../features/media/sample-files";
import { s3Store, type StoreUnderTest } from "../features/media/store-under-test";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "../test/build-test-app";
import { seedPgliteFolder } from "../test/test-database";
import { waitUntil } from "./http-client";
import { freePort, killHard, startServerProcess } from "./server-process";

// A bucket that keeps its connections open but moves no bytes (a partition a load balancer or a
// proxy hides): every storage call must end in 503 within seconds, not hang for the partition's
// length, and nothing the member was told failed may appear once the bucket is back.

/**
 * A TCP relay that can go silent: while stalled, connections (old and new) stay open and bytes are
 * held, not delivered; on heal they flow again. A connection one side closed meanwhile is dropped
 * with what it held, as a partition drops what was sent into it.
 */
async function startStallableRelay(targetPort: number) {
  let stalled = false;
  /** The request lines the server sent to the bucket ("PUT /bucket/key?partNumber=1&uploadId=… HTTP/1.1"). */
  const requests: string[] = [];
  const waiting = new Set<() => void>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    const forward = (from: Socket, to: Socket) => {
      const held: Buffer[] = [];
      const flush = () => {
        for (const chunk of held.splice(0)) to.write(chunk);
      };
      from.on("data", (chunk: Buffer) => {
        if (!stalled) return void to.write(chunk);
        held.push(chunk);
        waiting.add(flush);
      });
      from.on("close", () => {
        waiting.delete(flush);
        to.destroy();
      });
      from.on("error", () => undefined);
    };
    client.on("data", (chunk: Buffer) => requests.push(...(chunk.toString("latin1").match(/^[A-Z]+ \/\S+ HTTP\/1\.1/gm) ?? [])));
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    stall: () => {
      stalled = true;
    },
    heal: () => {
      stalled = false;
      for (const flush of waiting) flush();
      waiting.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const BOUNDARY = "----stall-test-boundary";
const multipart = (fileName: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`, "latin1"),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`, "latin1"),
  ]);

/** Resolves with the answer and how long it took, or fails once `ms` pass without one. */
async function within<T>(ms: number, answering: Promise<T>): Promise<{ answer: T; tookMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms while the bucket was silent`)), ms);
  });
  try {
    const answer = await Promise.race([answering, deadline]);
    return { answer, tookMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

describe("file storage that keeps connections open but answers nothing", () => {
  let store: StoreUnderTest;
  let relay: Awaited<ReturnType<typeof startStallableRelay>>;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    store = await s3Store();
    relay = await startStallableRelay(Number(new URL(store.env.S3_ENDPOINT ?? "").port));
    // One second without a byte is a timeout here (the default is 3): the test waits a few of them.
    t = await buildTestApp({ ...store.env, S3_ENDPOINT: `http://127.0.0.1:${relay.port}`, S3_TIMEOUT_SECONDS: "1" });
    admin = (await memberCookie(t, "admin")).cookie;
  }, 60_000);
  afterAll(async () => {
    relay?.heal();
    await t?.close();
    await relay?.close();
    await store?.close();
  });

  const upload = (fileName: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/media?public=true",
      payload: multipart(fileName, samplePng()),
      headers: { origin: TEST_ORIGIN, cookie: admin, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
  const names = async () => ((await t.app.inject({ url: "/api/admin/media", headers: { cookie: admin } })).json<MediaPage>().items.map((item) => item.name));

  it("answers uploads and downloads 503 within seconds, and an upload that failed never lands after the bucket is back", async () => {
    const before: MediaItem = (await upload("before.png")).json();
    expect((await t.app.inject({ url: before.url })).statusCode).toBe(200);
    const filesBefore = store.storedFiles().length;

    relay.stall();
    // Two tries of one second each, then the clean-up's two: well under the partition's length.
    const failed = await within(10_000, upload("during.png"));
    expect(failed.answer.statusCode).toBe(503);
    expect(failed.answer.json().error.message).toBe(MEDIA_MESSAGES.uploadFailed);
    expect(failed.tookMs).toBeLessThan(8_000);

    const download = await within(10_000, t.app.inject({ url: before.url }));
    expect(download.answer.statusCode).toBe(503);
    expect(download.answer.json()).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: "File storage is temporarily unavailable. Please try again shortly." } });
    expect(download.tookMs).toBeLessThan(5_000);

    relay.heal();
    // Once the bucket answers again, uploads work, and the one the admin was told failed is nowhere.
    expect((await upload("after.png")).statusCode).toBe(201);
    expect((await t.app.inject({ url: before.url })).statusCode).toBe(200);
    expect((await names()).sort()).toEqual(["after.png", "before.png"]);
    expect(store.storedFiles()).toHaveLength(filesBefore + 1);
  }, 60_000);
});

describe("an upload cut off half-way", () => {
  let store: StoreUnderTest;
  let relay: Awaited<ReturnType<typeof startStallableRelay>>;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    store = await s3Store();
    relay = await startStallableRelay(Number(new URL(store.env.S3_ENDPOINT ?? "").port));
    t = await buildTestApp({ ...store.env, S3_ENDPOINT: `http://127.0.0.1:${relay.port}` });
    admin = (await memberCookie(t, "admin")).cookie;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await relay?.close();
    await store?.close();
  });

  it("asks the bucket to abort its multipart upload (its parts would stay, billed), and stores nothing", async () => {
    const filesBefore = store.storedFiles().length;
    const { port } = t.app.server.address() as AddressInfo;
    const request = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/admin/media",
      headers: { origin: TEST_ORIGIN, cookie: admin, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    request.on("error", () => undefined);
    const head = multipart("cut.png", samplePng()).subarray(0, -`\r\n--${BOUNDARY}--\r\n`.length);
    request.write(head);
    // Zeros after the PNG until the first 5 MB part is on its way to the bucket, then the admin's connection drops.
    const zeros = Buffer.alloc(64 * 1024);
    const partSent = () => relay.requests.some((line) => /^PUT \/media-test\/media\/\S+partNumber=1/.test(line));
    while (!partSent()) {
      if (!request.write(zeros)) await new Promise((resolve) => request.once("drain", resolve));
    }
    request.destroy();

    await waitUntil("the server asks the bucket to abort the multipart upload", () => relay.requests.some((line) => /^DELETE \/media-test\/media\/\S+\?uploadId=/.test(line)), 20_000);
    expect(relay.requests.filter((line) => /^POST \/media-test\/media\/\S+\?uploadId=/.test(line))).toEqual([]);
    expect(store.storedFiles()).toHaveLength(filesBefore);
    expect((await t.app.inject({ url: "/api/admin/media", headers: { cookie: admin } })).json<MediaPage>().items.map((item) => item.name)).not.toContain("cut.png");
  }, 60_000);
});

describe("a bucket that does not exist, or keys it refuses", () => {
  let store: StoreUnderTest;
  beforeAll(async () => {
    store = await s3Store();
  }, 60_000);
  afterAll(async () => store?.close());

  /** What `npm start` prints before it exits, or "started" (then stopped). */
  async function start(env: Record<string, string>): Promise<string> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "missing-bucket-"));
    await seedPgliteFolder(dataDir);
    try {
      // The demo seeding, which stores files, is on: the start must stop before it.
      return await startServerProcess({ ...store.env, ...env, DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO: "true" }).then(
        async (server) => {
          await killHard(server);
          return "started";
        },
        (error: Error) => error.message,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it("stops the start with exit code 1 and one line naming S3_BUCKET and S3_ENDPOINT, or the keys", async () => {
    const refused = await start({ S3_BUCKET: "no-such-bucket" });
    expect(refused).toMatch(/^the server exited with 1: /);
    expect(refused).toContain(
      `\nInvalid configuration:\n  S3_BUCKET: there is no bucket "no-such-bucket" at S3_ENDPOINT ${store.env.S3_ENDPOINT}. Create it, or correct S3_BUCKET or S3_ENDPOINT.\n`,
    );
    // What an operator reads is that line, not the SDK's error with its stack (the demo seeding's, before).
    expect(refused).not.toMatch(/NoSuchBucket|\n\s+at /);

    // A bucket that does not answer is an outage, not a configuration error: the server starts (and
    // leaves the samples, which store files, for a later start).
    expect(await start({ S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` })).toBe("started");

    const wrongKeys = await start({ S3_SECRET_ACCESS_KEY: "not-the-secret" });
    expect(wrongKeys).toMatch(/^the server exited with 1: /);
    expect(wrongKeys).toContain(
      `\nInvalid configuration:\n  S3_ACCESS_KEY_ID: the bucket "${store.env.S3_BUCKET}" at S3_ENDPOINT ${store.env.S3_ENDPOINT} does not accept these keys (SignatureDoesNotMatch). Correct S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.\n`,
    );
  }, 180_000);
});
