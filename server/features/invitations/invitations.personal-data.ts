import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { invitations } from "./invitations.table";

/** Invitations the member accepted, sent (an admin), or that wait at their address. */
export const INVITATIONS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "invitations",
  columns: {
    "invitations.invited_by": { action: "anonymise", how: "Invitations an admin sent to others stay for the invitees, with no inviter." },
    "invitations.accepted_user_id": { action: "delete", how: "The invitation the member accepted is deleted, as is any invitation waiting at their address." },
  },
  exportSections: [
    {
      key: "invitations",
      covers: ["invitations.invited_by", "invitations.accepted_user_id"],
      async read({ db, userId }) {
        const rows = await db
          .select()
          .from(invitations)
          .where(or(eq(invitations.invitedBy, userId), eq(invitations.acceptedUserId, userId)))
          .orderBy(asc(invitations.invitedAt));
        return {
          accepted: rows.filter((row) => row.acceptedUserId === userId).map((row) => ({ tier: row.membershipTier, invitedAt: iso(row.invitedAt), acceptedAt: iso(row.acceptedAt) })),
          sent: rows.filter((row) => row.invitedBy === userId).map((row) => ({ email: row.email, name: row.name, tier: row.membershipTier, status: row.status, invitedAt: iso(row.invitedAt) })),
        };
      },
    },
  ],
  async erase({ tx, members }) {
    await tx.delete(invitations).where(or(inArray(invitations.acceptedUserId, members.map((member) => member.id)), inArray(sql`lower(${invitations.email})`, members.map((member) => member.email))));
  },
};
