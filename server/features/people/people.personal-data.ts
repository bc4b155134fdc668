import { eq } from "drizzle-orm";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { memberProfiles } from "./people.table";

/** The member's directory profile, and the admins' record of profiles whose text they hid. */
export const PEOPLE_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "people",
  columns: {
    "member_profiles.user_id": { action: "delete", how: "The member's profile (headline, bio, links, tags, place) goes with the account." },
    "member_profiles.text_hidden_by": { action: "anonymise", how: "Profiles whose text the admin hid stay hidden, without naming the admin." },
  },
  exportSections: [
    {
      key: "memberProfile",
      covers: ["member_profiles.user_id"],
      read: async ({ db, userId }) => {
        const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId));
        if (!row) return null;
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
          hiddenFromDirectory: row.hidden,
          acceptsMessages: row.acceptsMessages,
          textHiddenByAdminAt: iso(row.textHiddenAt),
          updatedAt: iso(row.updatedAt),
        };
      },
    },
  ],
  notExported: {
    "member_profiles.text_hidden_by": "Which other members' profiles an admin hid is about those members, and is in the admin audit log.",
  },
};
