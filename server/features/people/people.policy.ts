import { sql, type SQL } from "drizzle-orm";
import type { PersonBadge } from "../../../common/contracts/people";
import type { Role, Tier } from "../../../common/tiers";
import { hasAdminPowers } from "../../auth/guards";
import type { Viewer } from "../../auth/viewer";
import { memberProfiles } from "./people.table";

/*
 * Who sees what of a profile (README: Member directory and profiles):
 * - The directory lists active members who have not hidden themselves. Its condition is written
 *   exactly as the partial indexes' predicate, so the planner can walk them.
 * - A member who hid themselves, or a deactivated one, keeps their profile to themselves and admins;
 *   others see only that it is private.
 * - While an admin hides a profile's text, others see only the name, photo, badge, stage and
 *   country; the member and admins still read it, marked as hidden.
 */
export const listedCondition: SQL = sql`${memberProfiles.active} and not ${memberProfiles.hidden}`;

/** Admins show as "admin", as on posts; everyone else by their tier. */
export const badgeOf = (role: Role, tier: Tier): PersonBadge => (role === "admin" ? "admin" : tier);

interface ProfileFacts {
  userId: string;
  active: boolean;
  hidden: boolean;
  textHiddenAt: Date | null;
}

export const isModerator = (viewer: Viewer): boolean => hasAdminPowers(viewer);

export const canSeeProfile = (viewer: Viewer, profile: ProfileFacts): boolean =>
  profile.userId === viewer.userId || isModerator(viewer) || (profile.active && !profile.hidden);

export const canReadText = (viewer: Viewer, profile: ProfileFacts): boolean =>
  profile.textHiddenAt === null || profile.userId === viewer.userId || isModerator(viewer);
