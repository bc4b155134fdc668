import { publicUrl, type Env } from "../env";

/**
 * The origins a browser may write from. With a configured PUBLIC_URL only that one; with the
 * default (`http://localhost:PORT`) also the other loopback spellings of the same port, because a
 * developer who opens `http://127.0.0.1:3000` is on the same machine and the same server, and would
 * otherwise see every write refused as 'Invalid origin'.
 */
export function trustedOrigins(env: Env): string[] {
  const origin = new URL(publicUrl(env)).origin;
  if (env.PUBLIC_URL) return [origin];
  return [origin, `http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`];
}
