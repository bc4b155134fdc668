import type { ErrorCode } from "../common/errors";

/** A failure the client should hear about: a code (status comes from it), a user-facing message, optional field errors. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  /** An admin without the second factor REQUIRE_ADMIN_2FA asks for (server/auth/guards.ts). */
  TWO_FACTOR_REQUIRED: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The same Idempotency-Key with a different request (server/plugins/idempotency.ts). */
  IDEMPOTENCY_KEY_REUSED: 422,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};
