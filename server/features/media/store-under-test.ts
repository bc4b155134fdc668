import S3rver from "@20minutes/s3rver";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A file store the media tests run against: its settings and a look at what it holds. */
export interface StoreUnderTest {
  name: "local disk" | "S3";
  env: Record<string, string>;
  /** Every file the store holds, partial ones included. */
  storedFiles(): string[];
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

export function localStore(): StoreUnderTest {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "media-local-"));
  return {
    name: "local disk",
    env: { DATA_DIR: dataDir },
    storedFiles: () => walk(path.join(dataDir, "files", "media")),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const BUCKET = "media-test";

/** A local S3-compatible server that checks signatures (@20minutes/s3rver), so the S3 run needs no network. */
export async function s3Store(): Promise<StoreUnderTest> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "media-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return {
    name: "S3",
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    // s3rver keeps each object as `<key>._S3rver_object` beside its metadata.
    storedFiles: () => walk(path.join(directory, BUCKET, "media")).filter((file) => file.endsWith("._S3rver_object")),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
