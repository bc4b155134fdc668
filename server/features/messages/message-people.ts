import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { MessagePerson } from "../../../common/contracts/messages";
import type { Role, Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { memberProfiles } from "../people/people.table";
import { dmBlocks } from "./messages.table";
import type { Addressee } from "./messaging.policy";

/** Who a message person is once their account is gone. */
export const DELETED_PERSON: MessagePerson = { id: null, name: "Deleted member", tier: "free", profilePicture: null };

/** The columns a MessagePerson is made of, for a join on `users`. */
export const personColumns = { personId: users.id, personName: users.name, personRole: users.role, personTier: users.membershipTier, personImage: users.image };

/** The other member as the pages show them; "Deleted member" when the account is gone. */
export function toMessagePerson(row: null | { personId: string | null; personName: string | null; personRole: Role | null; personTier: Tier | null; personImage: string | null }): MessagePerson {
  if (!row?.personId) return DELETED_PERSON;
  return { id: row.personId, name: row.personName ?? "", tier: row.personRole === "admin" ? "admin" : (row.personTier ?? "free"), profilePicture: row.personImage };
}

/** Either of the two blocked the other: no messages either way. */
export const eitherBlocked = (one: string | AnyPgColumn, other: string | AnyPgColumn): SQL =>
  sql`exists (select 1 from ${dmBlocks} where (${dmBlocks.blockerId} = ${one} and ${dmBlocks.blockedId} = ${other}) or (${dmBlocks.blockerId} = ${other} and ${dmBlocks.blockedId} = ${one}))`;

/** The member written to, as the rules read them now; null when there is no such account. */
export async function readAddressee(db: Database, writerId: string, userId: string): Promise<Addressee | null> {
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      isActive: users.isActive,
      acceptsMessages: sql<boolean>`coalesce(${memberProfiles.acceptsMessages}, true)`,
      blocked: sql<boolean>`${eitherBlocked(users.id, writerId)}`,
    })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** True when `blockerId` blocked `blockedId`. */
export async function hasBlocked(db: Database, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(dmBlocks).where(and(eq(dmBlocks.blockerId, blockerId), eq(dmBlocks.blockedId, blockedId)));
  return rows.length > 0;
}

/** The key that makes a pair's conversation unique: both ids, in order. */
export const pairKeyOf = (one: string, other: string): string => (one < other ? `${one}:${other}` : `${other}:${one}`);

