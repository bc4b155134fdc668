import { eq } from "drizzle-orm";
import { PEOPLE_MESSAGES, type MemberProfileFields, type OwnMemberProfile } from "../../../common/contracts/people";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { memberProfiles as profiles } from "./people.table";

type ProfileRow = typeof profiles.$inferSelect;

function toOwnProfile(row: ProfileRow): OwnMemberProfile {
  return {
    headline: row.headline,
    bio: row.bio,
    building: row.building,
    stage: row.stage,
    expertise: row.expertise,
    city: row.city,
    country: row.country,
    website: row.website,
    linkedin: row.linkedin,
    hidden: row.hidden,
    textHidden: row.textHiddenAt !== null,
  };
}

/** The signed-in member's own profile fields, for the editor in Account. */
export async function getOwnMemberProfile(db: Database, userId: string): Promise<OwnMemberProfile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new AppError("NOT_FOUND", PEOPLE_MESSAGES.notFound);
  return toOwnProfile(row);
}

/**
 * Saves the member's own fields. Name, tier, status and an admin's hiding of the text are never taken
 * from the body: the account and the admins own those.
 */
export async function saveOwnMemberProfile(db: Database, userId: string, fields: MemberProfileFields): Promise<OwnMemberProfile> {
  const [row] = await db
    .update(profiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", PEOPLE_MESSAGES.notFound);
  return toOwnProfile(row);
}
