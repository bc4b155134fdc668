import { hash, verify, type Options } from "@node-rs/argon2";
import { PASSWORD_MAX } from "../../common/contracts/auth";

/** OWASP's argon2id profile: 19 MiB, two passes, one lane. */
/** `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read). */
const ARGON2_OPTIONS: Options = { algorithm: 2 as Options["algorithm"], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  if (password.length > PASSWORD_MAX) throw new Error("password longer than the maximum is never hashed");
  return hash(password, ARGON2_OPTIONS);
}

/** False for an over-long password without hashing it, so a 10,000-character guess costs nothing. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
