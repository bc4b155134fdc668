import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Keys are generated here, never taken from a user's file name: `<folder>/<uuid>.<ext>` (content files)
 * or `<folder>/<time>-<random>.<ext>` (the media library).
 */
const KEY_PATTERN = /^[a-z0-9-]{1,40}\/(?:[0-9a-f-]{36}|\d{13}-[0-9a-f]{16})\.[a-z0-9]{1,8}$/;

export interface StoredFile {
  size: number;
}

/** Where uploaded and seeded files live: local disk (the default) or an S3-compatible bucket. */
export interface FileStore {
  /** Stores bytes under a new key and returns it. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /**
   * Streams `source` under `key` (from `newFileKey`). Either the whole stream is stored or, when the
   * source or the store fails, nothing is: the promise rejects and no object is left under the key.
   */
  write(key: string, source: Readable): Promise<void>;
  stat(key: string): Promise<StoredFile | null>;
  /** Bytes `start` to `end` inclusive, or the whole file. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
}

export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh key: upload time, 64 random bits, and the extension of the detected type. */
export function newFileKey(folder: string, extension: string): string {
  return `${folder}/${Date.now().toString().padStart(13, "0")}-${randomBytes(8).toString("hex")}.${extension.toLowerCase()}`;
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return path.join(root, key);
  };
  const store: FileStore = {
    async put(folder, extension, data) {
      const key = `${folder}/${randomUUID()}.${extension.toLowerCase()}`;
      await store.write(key, Readable.from([data]));
      return key;
    },
    async write(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so a failure never leaves a partial file under the key.
      const partial = `${target}.partial`;
      try {
        await pipeline(source, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async stat(key) {
      if (!isFileKey(key)) return null;
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      if (isFileKey(key)) await rm(resolve(key), { force: true });
    },
  };
  return store;
}
