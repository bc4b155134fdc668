import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Role, Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { communityFlagOutcomes, communityFlags } from "./moderation.table";

/** Rejected flags (the admin approved the item) from which a member's flags stop counting, unless as many were upheld. */
export const REJECTED_FLAGS_LIMIT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Flagger {
  role: Role;
  membershipTier: Tier;
  createdAt: Date;
  upheld: number;
  rejected: number;
}

/**
 * How much one member's flag counts towards hiding an item: 1 for admins and for paying members whose
 * account is `trustDays` old (COMMUNITY_FLAG_TRUST_DAYS, 7 by default) and whose flags admins have not
 * kept rejecting, else 0. Free and new
 * accounts cost nothing to make, so a handful of them must not be able to hide anyone's words.
 */
export function flagWeight(flagger: Flagger, trustDays: number, now = new Date()): number {
  if (flagger.role === "admin") return 1;
  if (flagger.membershipTier === "free") return 0;
  if (now.getTime() - flagger.createdAt.getTime() < trustDays * DAY_MS) return 0;
  // One wrong call among as many good ones costs nothing.
  if (flagger.rejected >= REJECTED_FLAGS_LIMIT && flagger.upheld < flagger.rejected) return 0;
  return 1;
}

/** The summed weight of an item's open flags, each flagger weighed as they stand now. */
export async function openFlagWeight(tx: Database, item: SQL, trustDays: number): Promise<number> {
  const flaggers = await tx
    .select({
      role: users.role,
      membershipTier: users.membershipTier,
      createdAt: users.createdAt,
      upheld: sql<number>`coalesce(${communityFlagOutcomes.upheld}, 0)`,
      rejected: sql<number>`coalesce(${communityFlagOutcomes.rejected}, 0)`,
    })
    .from(communityFlags)
    .innerJoin(users, eq(users.id, communityFlags.userId))
    .leftJoin(communityFlagOutcomes, eq(communityFlagOutcomes.userId, communityFlags.userId))
    .where(and(item, isNull(communityFlags.resolvedAt)));
  const now = new Date();
  return flaggers.reduce((sum, flagger) => sum + flagWeight({ ...flagger, upheld: Number(flagger.upheld), rejected: Number(flagger.rejected) }, trustDays, now), 0);
}

/**
 * Counts the admin's decision against every member with an open flag on the item: upheld when it is
 * hidden or deleted, rejected when approved. Called before the flags are closed or deleted with it.
 */
export async function recordFlagOutcomes(tx: Database, item: SQL, upheld: boolean): Promise<void> {
  const [up, down] = upheld ? [1, 0] : [0, 1];
  await tx.execute(sql`
    insert into ${communityFlagOutcomes} (user_id, upheld, rejected)
    select ${communityFlags.userId}, ${up}::int, ${down}::int from ${communityFlags} where ${and(item, isNull(communityFlags.resolvedAt))}
    on conflict (user_id) do update set
      upheld = ${communityFlagOutcomes}.upheld + excluded.upheld,
      rejected = ${communityFlagOutcomes}.rejected + excluded.rejected`);
}
