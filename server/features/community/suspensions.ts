import { and, eq, gt, sql } from "drizzle-orm";
import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { communitySuspensions } from "./moderation.table";

/** How a suspension's end reads in messages and mail: the same words everywhere, in UTC. */
export function suspensionEndText(until: Date): string {
  return `${until.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`;
}

/** The member's running suspension (end and the admin's message), or null. Compared in the database's clock. */
export async function activeSuspension(db: Database, userId: string): Promise<{ until: Date; message: string } | null> {
  const [row] = await db
    .select({ until: communitySuspensions.until, message: communitySuspensions.message })
    .from(communitySuspensions)
    .where(and(eq(communitySuspensions.userId, userId), gt(communitySuspensions.until, sql`now()`)));
  return row ?? null;
}

/** Posting, replying and liking: 403 with the end date while the member is suspended. */
export async function assertNotSuspended(db: Database, viewer: Viewer): Promise<void> {
  const suspension = await activeSuspension(db, viewer.userId);
  if (suspension) throw new AppError("FORBIDDEN", MODERATION_MESSAGES.suspended(suspensionEndText(suspension.until)));
}
