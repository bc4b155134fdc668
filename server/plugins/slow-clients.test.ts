import { count } from "drizzle-orm";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../common/contracts/media";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "../test/build-test-app";
import { mediaItems } from "../features/media/media.table";
import { SAMPLE_FILES, samplePng } from "../features/media/sample-files";

const BOUNDARY = "----slow-client-boundary";
const MB = 1024 * 1024;

/** A raw connection that records what the server sends and when the server closes it. */
function connect(port: number) {
  const socket = net.connect({ port, host: "127.0.0.1" });
  let received = "";
  const listeners: Array<() => void> = [];
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
    for (const listener of listeners.splice(0)) listener();
  });
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      for (const listener of listeners.splice(0)) listener();
      resolve();
    }),
  );
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves once the server has sent `count` whole answers on this connection. */
    async answers(count: number): Promise<string[]> {
      for (;;) {
        const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/).filter((answer) => /\r\n\r\n/.test(answer));
        const whole = answers.filter((answer) => {
          const length = /\r\ncontent-length: (\d+)/i.exec(answer)?.[1];
          return length !== undefined && Buffer.byteLength(answer.slice(answer.indexOf("\r\n\r\n") + 4), "latin1") >= Number(length);
        });
        if (whole.length >= count) return whole;
        if (socket.destroyed) throw new Error(`connection closed after ${whole.length} answers: ${received.slice(0, 300)}`);
        await new Promise<void>((resolve) => listeners.push(resolve));
      }
    },
  };
}

/** Writes `bytes` one at a time every `everyMs` until they are gone or the connection is closed; returns how many went. */
function trickle(socket: net.Socket, bytes: Buffer, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || sent >= bytes.length) {
        clearInterval(timer);
        return resolve(sent);
      }
      socket.write(bytes.subarray(sent, sent + 1));
      sent += 1;
    }, everyMs);
  });
}

const multipartHead = (fileName: string, type: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`, "latin1");
const MULTIPART_END = Buffer.from(`\r\n--${BOUNDARY}--\r\n`, "latin1");

function uploadHeaders(cookie: string, length: number): string {
  return `POST /api/admin/media HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;
}

const listFiles = (root: string): string[] => {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
};

describe("slow clients", () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let dataDir: string;
  const mediaFiles = () => listFiles(path.join(dataDir, "files", "media"));
  const rowCount = async () => Number((await t.database.db.select({ value: count() }).from(mediaItems))[0]?.value);

  beforeAll(async () => {
    // Short limits so a trickle is cut within seconds: 1 s of silence, 2,000 bytes a second on average after the first second.
    dataDir = mkdtempSync(path.join(os.tmpdir(), "slow-clients-"));
    t = await buildTestApp({ DATA_DIR: dataDir, REQUEST_IDLE_TIMEOUT_SECONDS: "1", REQUEST_MIN_BYTES_PER_SECOND: "2000" });
    admin = (await memberCookie(t, "admin")).cookie;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("cuts off a JSON body trickled a byte at a time, well before it would have arrived", async () => {
    const body = Buffer.from(JSON.stringify({ name: "Slow Sender", email: "slow@example.com", phone: "3215550100", message: "x".repeat(120) }));
    const connection = connect(port);
    connection.socket.write(`POST /api/call-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const started = Date.now();
    // 10 bytes a second: the whole body would take 20 s; the limit asks 2,000 a second after 1 s.
    const sent = await trickle(connection.socket, body, 100);
    await connection.closed;
    expect(sent).toBeLessThan(body.length / 2);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(connection.received()).toBe("");
  }, 30_000);

  it("cuts off a body that stops arriving, and a trickled upload leaves neither a partial file nor a row", async () => {
    const rowsBefore = await rowCount();
    const head = Buffer.concat([multipartHead("slow.mp4", "video/mp4"), SAMPLE_FILES.mp4.bytes, Buffer.alloc(64 * 1024)]);
    const connection = connect(port);
    connection.socket.write(uploadHeaders(admin, head.length + 5 * MB + MULTIPART_END.length));
    connection.socket.write(head);
    // The upload has begun storing: its partial file is on disk.
    while (!mediaFiles().some((file) => file.endsWith(".partial"))) await new Promise((resolve) => setTimeout(resolve, 20));
    const sent = await trickle(connection.socket, Buffer.alloc(5 * MB), 100);
    await connection.closed;
    expect(sent).toBeLessThan(200);
    while (mediaFiles().length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await rowCount()).toBe(rowsBefore);

    // Silence: the headers and a few bytes, then nothing.
    const silent = connect(port);
    silent.socket.write(uploadHeaders(admin, 10_000));
    silent.socket.write(multipartHead("quiet.png", "image/png"));
    await silent.closed;
    expect(silent.received()).toBe("");
  }, 30_000);

  it("takes an upload that keeps a steady rate above the minimum, however long it runs past the first second", async () => {
    // About 64 KB at 20 KB a second: three seconds, each past the first held to the minimum rate.
    const steady = Buffer.concat([multipartHead("steady.pdf", "application/pdf"), SAMPLE_FILES.pdf.bytes, Buffer.alloc(60 * 1024), MULTIPART_END]);
    const connection = connect(port);
    connection.socket.write(uploadHeaders(admin, steady.length));
    for (let offset = 0; offset < steady.length; offset += 2048) {
      connection.socket.write(steady.subarray(offset, offset + 2048));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [answer] = await connection.answers(1);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    connection.socket.destroy();
  }, 30_000);

  it("answers a too-large upload with 413 and reads the next request on the same keep-alive connection at once", async () => {
    // Twice the document limit: the refusal goes out with 10 MB of the body still to read.
    const tooLarge = Buffer.concat([multipartHead("huge.pdf", "application/pdf"), SAMPLE_FILES.pdf.bytes, Buffer.alloc(2 * MAX_UPLOAD_BYTES.document), MULTIPART_END]);
    const small = Buffer.concat([multipartHead("after.png", "image/png"), samplePng(), MULTIPART_END]);
    const connection = connect(port);
    connection.socket.write(uploadHeaders(admin, tooLarge.length));
    connection.socket.write(tooLarge);
    const [refusal] = await connection.answers(1);
    expect(refusal).toMatch(/^HTTP\/1\.1 413 /);
    expect(refusal).toMatch(/\r\nconnection: keep-alive\r\n/i);
    const sentAt = Date.now();
    connection.socket.write(uploadHeaders(admin, small.length));
    connection.socket.write(small);
    const [, accepted] = await connection.answers(2);
    expect(accepted).toMatch(/^HTTP\/1\.1 201 /);
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    connection.socket.destroy();
  }, 30_000);

  it("closes the connection after refusing a body larger than any it takes, without reading it", async () => {
    const connection = connect(port);
    connection.socket.write(uploadHeaders(admin, 200 * MB));
    connection.socket.write(multipartHead("enormous.mp4", "video/mp4"));
    connection.socket.write(SAMPLE_FILES.mp4.bytes);
    // Sent as fast as the server reads it; the 50 MB limit is reached, the rest is never read.
    const chunk = Buffer.alloc(MB);
    let written = 0;
    while (!connection.socket.destroyed && written < 60) {
      if (!connection.socket.write(chunk)) await Promise.race([new Promise((resolve) => connection.socket.once("drain", resolve)), connection.closed]);
      written += 1;
    }
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 [\s\S]*\r\nconnection: close\r\n/i);
  }, 60_000);
});
