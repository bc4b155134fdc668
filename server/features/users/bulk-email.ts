import type { BulkEmailResponse, BulkEmailSchema } from "../../../common/contracts/users";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";
import { startBulkSend } from "../email/bulk-send.service";
import { matchingUserIds } from "./users.service";
import type { z } from "zod";

/**
 * User Management's Send Email: a durable bulk send to the selected accounts that still exist, or to
 * every account the list's search matches when the send starts (server/features/email/README.md).
 * Answers at once with how many will be mailed.
 */
export async function emailUsers(db: Database, jobs: JobQueue, actorId: string, input: z.infer<typeof BulkEmailSchema>): Promise<BulkEmailResponse> {
  const userIds = input.matching ? await matchingUserIds(db, input.matching.search) : (input.userIds ?? []);
  const progress = await startBulkSend(db, jobs, { userIds, subject: input.subject, body: input.message }, actorId);
  return { queued: progress.total - progress.skipped, sendId: progress.id };
}
