import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { isFileKey, type FileStore } from "./file-store";
import { StorageUnavailableError } from "./storage-unavailable";

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** A non-AWS server (MinIO, R2, a local test server); addressed path-style. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Files in an S3-compatible bucket. Uploads stream in 5 MB parts, one in flight at a time (memory stays
 * bounded whatever the size: two in flight held up to 49 MB of a 50 MB upload, one holds 22 to 31 MB);
 * a multipart upload that fails is aborted, so no partial object appears under the key.
 */
export async function createS3FileStore(config: S3StoreConfig): Promise<FileStore> {
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
  });
  // No answer from the bucket (refused, reset, timed out, unknown host) or its own failure (5xx) is an
  // outage of the storage, which must not read as one of the database (both carry ECONNREFUSED).
  const fromBucket = async <T>(sending: Promise<T>): Promise<T> => {
    try {
      return await sending;
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      throw status !== undefined && status < 500 ? error : new StorageUnavailableError(error);
    }
  };
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
      const sourceFailed = new Promise<never>((_resolve, reject) => source.once("error", reject));
      // Settled either way: a source that fails after the upload did must not become an unhandled rejection.
      sourceFailed.catch(() => undefined);
      try {
        await Promise.race([upload.done(), sourceFailed]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        // A single-part upload may already have landed before the source reported its failure.
        await store.remove(key).catch(() => undefined);
        throw error;
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
      return object.Body;
    },
    async remove(key) {
      if (isFileKey(key)) await fromBucket(client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key })));
    },
  };
  return store;
}
