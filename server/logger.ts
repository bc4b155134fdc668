import pino, { type DestinationStream, type Logger } from "pino";
import type { Env } from "./env";
import { redactSecretsInLine } from "./log-redaction";

/** JSON logs for machines; secrets and cookies never reach them (query-string secrets: log-redaction.ts). */
export function createLogger(env: Pick<Env, "LOG_LEVEL">, destination?: DestinationStream): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']", "*.password", "*.token"],
      hooks: { streamWrite: redactSecretsInLine },
    },
    destination,
  );
}
