import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a consent window may stay open before its answer is refused. */
const STATE_LIFETIME_MS = 15 * 60 * 1000;

/**
 * The OAuth `state` binds a consent to the admin who asked for it, so a link to /callback carrying
 * someone else's code (their Gmail account) cannot be planted on an admin.
 */
export function createGmailState(secret: string, adminId: string, now = Date.now()): string {
  const payload = `${now.toString(36)}.${Buffer.from(adminId).toString("base64url")}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function isValidGmailState(secret: string, adminId: string, state: string, now = Date.now()): boolean {
  const [issued, who, signature] = state.split(".");
  if (!issued || !who || !signature) return false;
  const expected = Buffer.from(sign(secret, `${issued}.${who}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now - Number.parseInt(issued, 36);
  return Buffer.from(who, "base64url").toString() === adminId && age >= 0 && age <= STATE_LIFETIME_MS;
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`gmail-consent:${payload}`).digest("base64url");
}
