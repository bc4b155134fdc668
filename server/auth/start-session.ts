import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "./auth.table";

export interface NewSession {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date;
  ipAddress: string;
  userAgent: string;
  createdAt: Date;
}

/** Why no session was started: the account awaits an admin's approval of its sign-up, or was deactivated. */
export type SessionRefusal = "inactive" | "awaiting-approval";

/**
 * Stamps `last_login` and writes the session only if the account is active at that moment, and clears
 * the account's count of guesses (`clearKey`, when the attempt counted against it), in one statement
 * (start_session, migration 0019); null when started, else why not (read then: a refusal is rare).
 */
export async function startSession(db: Database, session: NewSession, clearKey: string | null): Promise<SessionRefusal | null> {
  const { id, token, userId, expiresAt, ipAddress, userAgent, createdAt } = session;
  const result = (await db.execute(sql`
    select start_session(${id}, ${token}, ${userId}, ${expiresAt.toISOString()}, ${ipAddress}, ${userAgent}, ${createdAt.toISOString()}, ${clearKey}) as started`)) as unknown as {
    rows: Array<{ started: boolean }>;
  };
  if (result.rows[0]?.started) return null;
  const [user] = await db.select({ awaitingApproval: users.awaitingApproval }).from(users).where(eq(users.id, userId));
  return user?.awaitingApproval ? "awaiting-approval" : "inactive";
}
