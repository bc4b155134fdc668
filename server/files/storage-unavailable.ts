/**
 * The file store (the bucket, or the disk under DATA_DIR/files) did not answer. The error handler
 * answers 503 with a storage message for it, whatever network error code the cause carries, so an
 * outage of the bucket is never reported as one of the database.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the file store did not answer", { cause });
  }
}
