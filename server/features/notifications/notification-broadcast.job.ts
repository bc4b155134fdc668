import { sql } from "drizzle-orm";
import { TIERS, type Tier } from "../../../common/tiers";
import type { Database } from "../../db/client";
import type { BroadcastRequest } from "../../jobs/broadcast-request";
import type { WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import { accessKeysFor } from "./notification-access";
import { notifyMembers } from "./notify";

/** Members written per transaction: big enough to be quick, small enough not to hold the database. */
export const BROADCAST_BATCH = 1000;

/** Tiers whose members may see content with this access key (admins always may). */
function tiersSeeing(access: string): Tier[] {
  return TIERS.filter((tier) => accessKeysFor({ role: "user", membershipTier: tier, isActive: true, secondFactorMissing: false }).includes(access));
}

/**
 * Writes the broadcast for every active member who may see it, a batch per transaction in id order.
 * A retried job skips the members already told (`once`), so nobody gets it twice.
 */
export async function broadcastNotification(db: Database, request: BroadcastRequest, batchSize = BROADCAST_BATCH): Promise<number> {
  const tiers = tiersSeeing(request.access);
  const tierList = tiers.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(tiers.map((tier) => sql`${tier}`), sql`, `)}]::text[]`;
  let after = "";
  let written = 0;
  for (;;) {
    const batch = (await db.execute(sql`
      select max(id) as last from (
        select id from users where is_active and (role = 'admin' or membership_tier = any(${tierList})) and id > ${after} order by id limit ${batchSize}
      ) batch`)) as unknown as { rows: Array<{ last: string | null }> };
    const last = batch.rows[0]?.last;
    if (!last) return written;
    const from = after;
    written += await db.transaction((tx) =>
      notifyMembers(tx as unknown as Database, sql`select id from users where is_active and (role = 'admin' or membership_tier = any(${tierList})) and id > ${from} and id <= ${last}`, { ...request, once: true }),
    );
    after = last;
  }
}

export function broadcastWorker(db: Database): WorkerDefinition<BroadcastRequest> {
  return { queue: QUEUES.notificationBroadcast, expireInSeconds: 600, retryLimit: 5, retryDelaySeconds: 30, handler: (job) => broadcastNotification(db, job.data).then(() => undefined) };
}
