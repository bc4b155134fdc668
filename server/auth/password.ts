import { availableParallelism } from "node:os";
import { hash, verify, type Options } from "@node-rs/argon2";
import { PASSWORD_MAX } from "../../common/contracts/auth";
import { createSlots } from "../slots";

/** OWASP's argon2id profile: 19 MiB, two passes, one lane. */
/** `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read). */
const ARGON2_OPTIONS: Options = { algorithm: 2 as Options["algorithm"], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes run one per core at most. libuv's pool would run four at once on two cores, each evicting the
 * others' 19 MiB from the caches: a hash took 22 to 23 ms of the pool's CPU under the sign-in bench,
 * against 19 to 20 ms one per core. And every other task of the pool (files, DNS, Web Crypto) waited
 * behind a flood's whole queue of hashes, where now it waits behind at most one per core.
 */
const inHashSlot = createSlots(availableParallelism());

export function hashPassword(password: string): Promise<string> {
  if (password.length > PASSWORD_MAX) throw new Error("password longer than the maximum is never hashed");
  return inHashSlot(() => hash(password, ARGON2_OPTIONS));
}

/** False for an over-long password without hashing it, so a 10,000-character guess costs nothing. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false;
  try {
    return await inHashSlot(() => verify(stored, password));
  } catch {
    return false;
  }
}
