import { useMemo, useRef } from "react";
import { IDEMPOTENCY_KEY_HEADER } from "../../common/contracts/idempotency";

/** A fresh key: a UUID, or as many random bits where the page is not a secure context (randomUUID is missing there). */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface IdempotencyKeys {
  /** The `Idempotency-Key` header for this submission: the same while it is retried. */
  headerFor(submission: unknown): Record<string, string>;
  /** The submission went through: sending it again is a new request with a new key. */
  succeeded(submission: unknown): void;
}

/**
 * Keys for the writes that create something (posts, replies, uploads, checkouts). A submission that
 * failed ("Please try again") is retried under its key, so when the first attempt did reach the
 * server the retry gets that answer and nothing is created twice; changed content is a new
 * submission with a new key, and so is the same content sent again after it succeeded.
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      headerFor(submission) {
        const id = JSON.stringify(submission);
        let key = keys.current.get(id);
        if (!key) {
          key = newKey();
          keys.current.set(id, key);
        }
        return { [IDEMPOTENCY_KEY_HEADER]: key };
      },
      succeeded(submission) {
        keys.current.delete(JSON.stringify(submission));
      },
    }),
    [],
  );
}
