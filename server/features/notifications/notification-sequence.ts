import { eq, max } from "drizzle-orm";
import type { Database } from "../../db/client";
import { notifications } from "./notifications.table";

/** The newest change among the member's notifications: a stream opened without `Last-Event-ID` sends what comes after it. */
export async function latestSequence(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ seq: max(notifications.seq) }).from(notifications).where(eq(notifications.userId, userId));
  return Number(row?.seq ?? 0);
}
