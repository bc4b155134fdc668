import path from "node:path";
import type { Logger } from "pino";
import type { Env } from "../env";
import { createLocalFileStore, type FileStore } from "./file-store";
import { createS3FileStore } from "./s3-file-store";

/** The S3-compatible bucket when S3_BUCKET is set (checked before the start goes on), otherwise the local disk under DATA_DIR/files. */
export async function openFileStore(env: Env, logger: Pick<Logger, "warn">): Promise<FileStore> {
  if (!env.S3_BUCKET) return createLocalFileStore(path.join(env.DATA_DIR, "files"));
  return createS3FileStore(
    {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      timeoutMs: env.S3_TIMEOUT_SECONDS * 1000,
    },
    logger,
  );
}
