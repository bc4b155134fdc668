import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { INVITATION_MESSAGES, type CreateInvitationSchema, type Invitation } from "../../../common/contracts/invitations";
import { PLANS } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { invitationMail } from "../../mail/templates";
import { getGeneralSettings } from "../settings/settings.service";
import { invitationExpiry, newInvitationToken } from "./invitation-token";
import { invitations } from "./invitations.table";

export type InvitationRow = typeof invitations.$inferSelect;

export interface InvitationMailDeps {
  db: Database;
  mailer: Mailer;
  /** Where the app is reached: the link in the mail points there. */
  publicUrl: string;
}

/** Stored rows are pending or accepted; a pending one past its expiry is shown as expired. */
export function invitationStatus(row: InvitationRow, now = new Date()): Invitation["status"] {
  if (row.status === "accepted") return "accepted";
  return row.expiresAt <= now ? "expired" : "pending";
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    membershipTier: row.membershipTier,
    status: invitationStatus(row),
    invitedAt: row.invitedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Pending first, then newest (spec 001 §4). */
export async function listInvitations(db: Database): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(invitations)
    .orderBy(sql`case when ${invitations.status} = 'pending' and ${invitations.expiresAt} > now() then 0 else 1 end`, desc(invitations.invitedAt), desc(invitations.id));
  return rows.map(toInvitation);
}

async function hasAccount(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return row !== undefined;
}

function alreadyMember(): AppError {
  return new AppError("CONFLICT", INVITATION_MESSAGES.alreadyMember, { email: INVITATION_MESSAGES.alreadyMember });
}

/**
 * The earlier invitation's link still works: the admin is told what it was, and the new one is sent
 * only once they agree (`replace`), so no live link and its tier are replaced without a word.
 */
function replacesPending(email: string, pending: { membershipTier: InvitationRow["membershipTier"]; invitedAt: Date }): AppError {
  const sentOn = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(pending.invitedAt);
  const message = INVITATION_MESSAGES.replacesPending(email, PLANS[pending.membershipTier].name, sentOn);
  return new AppError("CONFLICT", message, { replace: message });
}

/**
 * Invites `input.email`. A pending (or expired, never accepted) invitation to the same address is
 * refreshed in place, so one person never holds two live links; a live one only with `replace`.
 */
export async function createInvitation(deps: InvitationMailDeps, inviter: Viewer, input: z.output<typeof CreateInvitationSchema>): Promise<Invitation> {
  const email = input.email.toLowerCase();
  if (await hasAccount(deps.db, email)) throw alreadyMember();
  const { token, tokenHash } = newInvitationToken();
  const now = new Date();
  const values = { email, name: input.name, membershipTier: input.membershipTier, tokenHash, expiresAt: invitationExpiry(now), invitedBy: inviter.userId, invitedAt: now, lastSentAt: now };
  const row = await deps.db.transaction(async (tx) => {
    // Two admins inviting the same address at once must not leave two pending rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`);
    const [pending] = await tx
      .select({ id: invitations.id, membershipTier: invitations.membershipTier, invitedAt: invitations.invitedAt, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(and(eq(invitations.status, "pending"), sql`lower(${invitations.email}) = ${email}`))
      .limit(1);
    if (pending && pending.expiresAt > now && !input.replace) throw replacesPending(email, pending);
    const [saved] = pending
      ? await tx.update(invitations).set(values).where(eq(invitations.id, pending.id)).returning()
      : await tx.insert(invitations).values({ id: randomUUID(), ...values }).returning();
    return saved;
  });
  if (!row) throw new Error("invitation write returned no row");
  await sendInvitationMail(deps, row, token, INVITATION_MESSAGES.sendFailed);
  return toInvitation(row);
}

/** A new link and a new expiry for an invitation not yet accepted; the old link stops working. */
export async function resendInvitation(deps: InvitationMailDeps, id: string): Promise<Invitation> {
  const existing = await findInvitation(deps.db, id);
  if (existing.status === "accepted") throw new AppError("CONFLICT", INVITATION_MESSAGES.notPending);
  if (await hasAccount(deps.db, existing.email.toLowerCase())) throw alreadyMember();
  const { token, tokenHash } = newInvitationToken();
  const now = new Date();
  const [row] = await deps.db
    .update(invitations)
    .set({ tokenHash, expiresAt: invitationExpiry(now), lastSentAt: now })
    .where(and(eq(invitations.id, id), eq(invitations.status, "pending")))
    .returning();
  // Accepted between the read and the update.
  if (!row) throw new AppError("CONFLICT", INVITATION_MESSAGES.notPending);
  await sendInvitationMail(deps, row, token, INVITATION_MESSAGES.resendFailed);
  return toInvitation(row);
}

/** Withdraws an invitation not yet accepted; its link stops working. */
export async function deleteInvitation(db: Database, id: string): Promise<void> {
  const deleted = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.status, "pending")))
    .returning({ id: invitations.id });
  if (deleted.length === 1) return;
  await findInvitation(db, id);
  throw new AppError("CONFLICT", INVITATION_MESSAGES.notPending);
}

async function findInvitation(db: Database, id: string): Promise<InvitationRow> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  if (!row) throw new AppError("NOT_FOUND", INVITATION_MESSAGES.notFound);
  return row;
}

/**
 * Mails the link. The invitation stays saved when delivery fails, so the admin can resend it;
 * the admin is told it did not go out.
 */
async function sendInvitationMail(deps: InvitationMailDeps, row: InvitationRow, token: string, failure: string): Promise<void> {
  const link = `${deps.publicUrl}/accept-invitation?token=${token}`;
  const mail = invitationMail({ name: row.name, communityName: (await getGeneralSettings(deps.db)).communityName, tierName: PLANS[row.membershipTier].name, link, expiresAt: row.expiresAt });
  const sent = await deps.mailer.send({ to: row.email, ...mail });
  if (sent.status === "failed") throw new AppError("SERVICE_UNAVAILABLE", failure);
}
