import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import type { Logger } from "pino";
import { EnvError } from "../env";
import { isFileKey, type FileStore } from "./file-store";
import { StorageUnavailableError } from "./storage-unavailable";

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** A non-AWS server (MinIO, R2, a local test server); addressed path-style. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * How long a connection may take to open, and a request may go without a byte moving either way,
   * before the call gives up (one more try, then 503). Without it a bucket that keeps the connection
   * but answers nothing held every request for as long as it lasted.
   */
  timeoutMs: number;
}

/** Read at start to learn whether the bucket exists; never written. */
const START_PROBE_KEY = "start-check/never-written";

/** The bucket does not exist at that address, or refuses the keys: a configuration error, reported like the others (one line, exit 1). */
export class BucketRefusedError extends EnvError {}

/**
 * Files in an S3-compatible bucket. Uploads stream in 5 MB parts, one in flight at a time (memory stays
 * bounded whatever the size: two in flight held up to 49 MB of a 50 MB upload, one holds 22 to 31 MB);
 * a multipart upload that fails is aborted, so no partial object appears under the key.
 */
export async function createS3FileStore(config: S3StoreConfig, logger: Pick<Logger, "warn">): Promise<FileStore> {
  // Loaded here rather than at the top: the AWS SDK holds ~12 MB resident, and only a server with
  // S3_BUCKET needs it.
  const [{ DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException }, { Upload }] = await Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/lib-storage"),
  ]);
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey");
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Idle time, not total time: a 5 MB part on a slow link keeps moving bytes and goes on.
    requestHandler: { connectionTimeout: config.timeoutMs, socketTimeout: config.timeoutMs },
    // The SDK's three tries with back-off made a silent bucket answer after 3 timeouts and more.
    maxAttempts: 2,
  });
  // No answer from the bucket (refused, reset, timed out, unknown host) or its own failure (5xx) is an
  // outage of the storage, which must not read as one of the database (both carry ECONNREFUSED).
  const asStorageError = (error: unknown) => {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    return status !== undefined && status < 500 ? error : new StorageUnavailableError(error);
  };
  const fromBucket = async <T>(sending: Promise<T>): Promise<T> => {
    try {
      return await sending;
    } catch (error) {
      throw asStorageError(error);
    }
  };
  await checkBucket(config, logger, async () => {
    const found = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: START_PROBE_KEY }));
    if (found.Body instanceof Readable) found.Body.destroy();
  });
  const checked = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return key;
  };
  const store: FileStore = {
    async put(folder, extension, data) {
      const key = `${folder}/${randomUUID()}.${extension.toLowerCase()}`;
      await store.write(key, Readable.from([data]));
      return key;
    },
    async write(key, source) {
      const upload = new Upload({ client, params: { Bucket: config.bucket, Key: checked(key), Body: source }, queueSize: 1, leavePartsOnError: false });
      // A failing source must fail the upload: lib-storage would otherwise wait for more data.
      let sourceError = false;
      const sourceFailed = new Promise<never>((_resolve, reject) =>
        source.once("error", (error) => {
          sourceError = true;
          reject(error);
        }),
      );
      // Settled either way: a source that fails after the upload did must not become an unhandled rejection.
      sourceFailed.catch(() => undefined);
      try {
        await Promise.race([upload.done(), sourceFailed]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        // A single-part upload may already have landed before the source reported its failure.
        await store.remove(key).catch(() => undefined);
        // The source's own failure (a refusal, a cut connection) is the caller's to report; any other is the bucket's.
        throw sourceError ? error : asStorageError(error);
      }
    },
    async stat(key) {
      if (!isFileKey(key)) return null;
      try {
        const head = await fromBucket(client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key })));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const object = await fromBucket(
        client.send(new GetObjectCommand({ Bucket: config.bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) })),
      );
      if (!(object.Body instanceof Readable)) throw new Error("object body is not a stream");
      // The file flows now at the member's pace: a paused video leaves the connection idle on purpose.
      (object.Body as Readable & { socket?: Socket }).socket?.setTimeout(0);
      return object.Body;
    },
    async remove(key) {
      if (isFileKey(key)) await fromBucket(client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key })));
    },
  };
  return store;
}

/**
 * A bucket that does not exist, or keys it does not know, stop the start: every upload and download
 * would fail (the demo seeding first, with the SDK's trace). A bucket that does not answer does not:
 * a storage outage must not keep instances from starting any more than it takes them out of
 * rotation (README, Health checks and outages). The probe reads a key that is never written, which
 * needs only the GetObject right the server uses anyway (HeadBucket would need ListBucket).
 */
async function checkBucket(config: S3StoreConfig, logger: Pick<Logger, "warn">, probe: () => Promise<unknown>): Promise<void> {
  const where = config.endpoint ? ` at S3_ENDPOINT ${config.endpoint}` : ` in region ${config.region} (S3_REGION)`;
  try {
    await probe();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "NoSuchBucket") {
      throw new BucketRefusedError(`Invalid configuration:\n  S3_BUCKET: there is no bucket "${config.bucket}"${where}. Create it, or correct S3_BUCKET${config.endpoint ? " or S3_ENDPOINT" : ""}.`);
    }
    if (name === "InvalidAccessKeyId" || name === "SignatureDoesNotMatch") {
      throw new BucketRefusedError(`Invalid configuration:\n  S3_ACCESS_KEY_ID: the bucket "${config.bucket}"${where} does not accept these keys (${name}). Correct S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`);
    }
    // No such key (the bucket is there) or no right to learn that (AccessDenied without ListBucket): fine.
    if (name === "NoSuchKey" || name === "AccessDenied") return;
    logger.warn({ err: error, bucket: config.bucket }, `file storage unavailable at start: the bucket "${config.bucket}"${where} did not answer; files answer 503 until it does`);
  }
}
