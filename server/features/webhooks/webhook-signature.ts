import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, like Stripe's. */
export const SIGNATURE_HEADER = "x-webhook-signature";
/** How old a signed timestamp a receiver should accept; README's snippet uses the same. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * A receiver's check (what README shows integrators): the signature matches the body under the
 * secret, and the timestamp is recent, so a captured delivery cannot be replayed later.
 */
export function verifyWebhookSignature(secret: string, body: string, header: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(timestamp) || !given || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const received = Buffer.from(given, "hex");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}
