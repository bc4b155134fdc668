/**
 * The `Idempotency-Key` request header of the writes that create something (posts, replies, media
 * uploads, checkouts): a retry with the same key gets the first answer instead of a second object.
 * The server's side is server/plugins/idempotency.ts; the web app's web/lib/idempotency-keys.ts.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer that repeats the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** 1 to 255 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "The Idempotency-Key header must be 1 to 255 visible ASCII characters (letters, digits and punctuation, no spaces)",
  inProgress: "A request with this key is still in progress",
  keyReused: "This Idempotency-Key was already used for a different request. Send a new key with a new request.",
} as const;
