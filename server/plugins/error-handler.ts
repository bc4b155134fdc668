import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { installValidationMessages } from "../../common/validation-messages";
import { AppError, STATUS_BY_CODE } from "../errors";
import { StorageUnavailableError } from "../files/storage-unavailable";

/**
 * The database did not answer: refused or lost connections, and the bounds of server/db/pool-settings.ts
 * (no connection in time, no answer in time, 57014 a statement cancelled at its timeout, 25P03 a
 * session ended idle in a transaction), so a partition costs a clear 503 instead of a hang or a 500.
 */
const DATABASE_UNAVAILABLE = /ECONNREFUSED|Cannot use a pool after calling end|57P01|57P03|57014|25P03|ECONNRESET|ETIMEDOUT|Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|PGlite is closed/i;

/** Fastify's own refusals of a body it cannot read, in words a person can act on. */
const BODY_PARSE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request needs a body with its fields",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request body does not match its declared length",
};

/**
 * One error shape for the whole API: `{ error: { code, message, fields? } }`; 5xx details only in the log.
 * Validation failures read as sentences naming the field and the rule (common/validation-messages.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  installValidationMessages();
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(STATUS_BY_CODE[error.code]).send({ error: { code: error.code, message: error.message, fields: error.fields } });
    }
    if (error instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
      const message = error.issues[0]?.message ?? "Invalid request";
      return reply.code(400).send({ error: { code: "VALIDATION_FAILED", message, fields } });
    }
    const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status === 413) return reply.code(413).send({ error: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" } });
    const bodyMessage = "code" in error && typeof error.code === "string" ? BODY_PARSE_MESSAGES[error.code] : undefined;
    if (bodyMessage) return reply.code(status >= 400 && status < 500 ? status : 400).send({ error: { code: "BAD_REQUEST", message: bodyMessage } });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: "BAD_REQUEST", message: error.message } });
    }
    // Before the database check: the bucket's refused connection carries the same ECONNREFUSED.
    if (causedBy(error, (cause) => cause instanceof StorageUnavailableError)) {
      request.log.error({ err: error }, "file storage unavailable");
      return reply.code(503).send({ error: { code: "SERVICE_UNAVAILABLE", message: "File storage is temporarily unavailable. Please try again shortly." } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.code(503).send({ error: { code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable. Please try again shortly." } });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } });
  });
}

/** Whether `error` or one of its causes (drivers' failures arrive wrapped in Drizzle's query errors) matches. */
function causedBy(error: unknown, matches: (cause: Error) => boolean): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (matches(current)) return true;
  }
  return false;
}

function isDatabaseUnavailable(error: unknown): boolean {
  return causedBy(error, (cause) => {
    const code = (cause as { code?: unknown }).code;
    return DATABASE_UNAVAILABLE.test(cause.message) || (typeof code === "string" && DATABASE_UNAVAILABLE.test(code));
  });
}
