import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import type { FileStore } from "../../files/file-store";

/** A file store the media tests run against: its settings and a look at what it holds. */
export interface StoreUnderTest {
  name: "local disk" | "S3";
  env: Record<string, string>;
  /** Every file the store holds, partial ones included. */
  storedFiles(): string[];
  /**
   * Makes the store fail once `bytes` more have gone into it, and keep failing (writes and removals)
   * until the returned function is called. `files` is the app's store.
   */
  failAfter(files: FileStore, bytes: number): () => void;
  close(): Promise<void>;
}

const walk = (root: string): string[] => {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
};

const ioError = () => Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" });

export function localStore(): StoreUnderTest {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "media-local-"));
  return {
    name: "local disk",
    env: { DATA_DIR: dataDir },
    storedFiles: () => walk(path.join(dataDir, "files", "media")),
    // A disk that fails mid-write (EIO) as the write stream sees it: after `bytes`, the bytes going
    // into the file stop with an error, and removals fail too.
    failAfter(files, bytes) {
      const { write, remove } = files;
      files.write = (key, source) => {
        let written = 0;
        const failing = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            written += chunk.length;
            callback(written > bytes ? ioError() : null, chunk);
          },
        });
        // Both ways, as pipeline() links them: the upload failing fails the file, the disk failing fails the upload.
        source.once("error", (error) => failing.destroy(error));
        failing.once("error", (error) => source.destroy(error));
        return write(key, source.pipe(failing));
      };
      files.remove = async () => {
        throw ioError();
      };
      return () => {
        files.write = write;
        files.remove = remove;
      };
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const BUCKET = "media-test";

/**
 * A TCP relay in front of the S3 server, so a test can cut the store off the way a network or an
 * outage does: every connection dropped once `bytes` more have passed, and new ones refused.
 */
async function startRelay(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let budget = Number.POSITIVE_INFINITY;
  const cutAll = () => {
    budget = -1;
    for (const socket of sockets) socket.destroy();
  };
  const server = net.createServer((client) => {
    if (budget < 0) return void client.destroy();
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.on("data", (chunk: Buffer) => {
      budget -= chunk.length;
      if (budget < 0) return cutAll();
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    failAfter(bytes: number) {
      budget = bytes;
      return () => {
        budget = Number.POSITIVE_INFINITY;
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const S3_SERVER_SCRIPT = `
import S3rver from "@20minutes/s3rver";
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.env.S3_DIRECTORY, configureBuckets: [{ name: process.env.S3_TEST_BUCKET }] });
const { port } = await server.run();
console.log(port);
`;

/**
 * @20minutes/s3rver in a child process: it holds what it receives in memory, which must not count as
 * the app's when the test measures an upload's memory.
 */
async function startS3Server(directory: string) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", S3_SERVER_SCRIPT], {
    env: { ...process.env, S3_DIRECTORY: directory, S3_TEST_BUCKET: BUCKET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the S3 test server exited with ${code}`)));
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A local S3-compatible server that checks signatures (@20minutes/s3rver), so the S3 run needs no network. */
export async function s3Store(): Promise<StoreUnderTest> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "media-s3-"));
  const server = await startS3Server(directory);
  const relay = await startRelay(server.port);
  return {
    name: "S3",
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${relay.port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    // s3rver keeps each object as `<key>._S3rver_object` beside its metadata.
    storedFiles: () => walk(path.join(directory, BUCKET, "media")).filter((file) => file.endsWith("._S3rver_object")),
    failAfter: (_files, bytes) => relay.failAfter(bytes),
    close: async () => {
      await relay.close();
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
