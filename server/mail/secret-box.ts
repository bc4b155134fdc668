import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** AES-256-GCM sealing for secrets kept in the database (the Gmail refresh token); the key never leaves the server. */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was sealed with another key or altered. */
  open(sealed: string): string;
}

/** The key is derived from `secret` (MAIL_SECRET_KEY, else AUTH_SECRET) for this one purpose. */
export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "inventors-community-mail", "gmail-refresh-token", 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64")}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(":");
      if (version !== VERSION || !payload) throw new Error("unknown sealed secret format");
      const bytes = Buffer.from(payload, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
