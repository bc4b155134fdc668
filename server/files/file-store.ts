import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** Keys are generated here, never taken from a user's file name: `<folder>/<uuid>.<ext>`. */
const KEY_PATTERN = /^[a-z0-9-]{1,40}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export interface StoredFile {
  size: number;
}

/** Where files behind resources and videos live. Local disk now; object storage plugs in behind the same interface. */
export interface FileStore {
  /** Stores bytes under a new key and returns it. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  stat(key: string): Promise<StoredFile | null>;
  /** Bytes `start` to `end` inclusive, or the whole file. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
}

export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(folder, extension, data) {
      const key = `${folder}/${randomUUID()}.${extension.toLowerCase()}`;
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so a failure never leaves a partial file under the key.
      const partial = `${target}.partial`;
      try {
        await writeFile(partial, data);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return key;
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
    read(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      if (isFileKey(key)) await rm(resolve(key), { force: true });
    },
  };
}
