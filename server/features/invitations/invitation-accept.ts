import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { INVITATION_MESSAGES, type AcceptInvitationSchema, type AcceptedInvitation, type InvitationPreview } from "../../../common/contracts/invitations";
import type { Auth } from "../../auth/auth";
import { users } from "../../auth/auth.table";
import { createConfirmedAccount } from "../../auth/confirmed-account";
import { writeEffectiveTier } from "../../billing/sync";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { hashInvitationToken } from "./invitation-token";
import { invitationStatus, type InvitationRow } from "./invitations.service";
import { invitations } from "./invitations.table";
import { recordCompChange } from "../revenue/record-events";

export interface AcceptDeps {
  db: Database;
  auth: Auth;
  graceDays: number;
}

/** An expired link answers 410 rather than 404: the invitee should ask for a new one, not retype it. */
export type LinkOutcome<T> = { kind: "ok"; value: T } | { kind: "expired" };

const invalidLink = () => new AppError("NOT_FOUND", INVITATION_MESSAGES.invalidLink);

async function findByToken(db: Database, token: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, hashInvitationToken(token)));
  return row;
}

/** What the invitee sees before choosing a password; unknown and used links are the same 404. */
export async function previewInvitation(db: Database, token: string): Promise<LinkOutcome<InvitationPreview>> {
  const row = await findByToken(db, token);
  if (!row || row.status === "accepted") throw invalidLink();
  if (invitationStatus(row) === "expired") return { kind: "expired" };
  return { kind: "ok", value: { email: row.email, name: row.name, membershipTier: row.membershipTier } };
}

/**
 * Spends the link and creates the invitee's account: confirmed, active and in the invited tier
 * whatever the registration settings say. The link is claimed first with one conditional update,
 * so of two accepts racing only one gets past it; if the account cannot be made the claim is undone.
 */
export async function acceptInvitation(deps: AcceptDeps, token: string, input: z.output<typeof AcceptInvitationSchema>): Promise<LinkOutcome<AcceptedInvitation>> {
  const { db } = deps;
  const [claimed] = await db
    .update(invitations)
    .set({ status: "accepted", acceptedAt: new Date() })
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), eq(invitations.status, "pending"), gt(invitations.expiresAt, sql`now()`)))
    .returning();
  if (!claimed) {
    const row = await findByToken(db, token);
    if (row && invitationStatus(row) === "expired") return { kind: "expired" };
    throw invalidLink();
  }

  let userId: string | null;
  try {
    userId = await createConfirmedAccount(deps.auth, { email: claimed.email, password: input.password, name: input.name, membershipTier: claimed.membershipTier, isActive: true });
  } catch (error) {
    await releaseClaim(db, claimed.id);
    throw error;
  }
  if (!userId) {
    await releaseClaim(db, claimed.id);
    throw new AppError("CONFLICT", INVITATION_MESSAGES.alreadyMember, { email: INVITATION_MESSAGES.alreadyMember });
  }

  const createdUserId = userId;
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const now = new Date();
    // The invited tier is an admin grant, kept apart from anything the member later pays for.
    await txDb.update(users).set({ tierOverride: claimed.membershipTier, updatedAt: now }).where(eq(users.id, createdUserId));
    await recordCompChange(txDb, { userId: createdUserId, before: null, after: claimed.membershipTier, at: now });
    await writeEffectiveTier(txDb, createdUserId, now, deps.graceDays);
    await txDb.update(invitations).set({ acceptedUserId: createdUserId }).where(eq(invitations.id, claimed.id));
  });
  return { kind: "ok", value: { email: claimed.email, membershipTier: claimed.membershipTier } };
}

async function releaseClaim(db: Database, id: string): Promise<void> {
  await db
    .update(invitations)
    .set({ status: "pending", acceptedAt: null })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedUserId)));
}
