import pino, { type Logger } from "pino";
import type { Env } from "./env";

/** JSON logs for machines; secrets and cookies never reach them. */
export function createLogger(env: Pick<Env, "LOG_LEVEL">): Logger {
  return pino({
    level: env.LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']", "*.password", "*.token"],
  });
}
