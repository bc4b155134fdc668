import type { ContentLevel, ResourceTier } from "../../../common/content";
import type { Tier } from "../../../common/tiers";
import { hasAdminPowers } from "../../auth/guards";
import type { Viewer } from "../../auth/viewer";

/**
 * Who sees which members content: the one place the tier rules of spec 000 §6 live. List queries
 * filter with these arrays in SQL (`inArray(column, levels)`); a single read outside them answers 403.
 *
 * Readings chosen where the documents leave room:
 * - Admins see everything (once through the admin gate, server/auth/guards.ts); a deactivated account sees what an anonymous visitor sees.
 * - Sessions: a session of tier `all` is open to every paid tier. Free members and visitors see none.
 * - The public Masterminds page has its own rule, word for word from spec 000 §6: "only entrepreneur
 *   and brand-ceo have access", brand-ceo (VIP) sessions only for brand-ceo. An Inventor sees the
 *   programme there with the upgrade path, while the members area keeps opening the inventor sessions.
 * - Dashboard events come from the upcoming sessions with the session rule, except that a free member
 *   also sees the sessions of tier `all`: spec 000 §6 shows the monthly mastermind "to all" on the
 *   dashboard, where it invites them to upgrade, while the session list stays closed to them.
 * - Resources: `free` is open to everyone, `all` to every paid tier (spec 000 §6: inventor sees
 *   "inventor and all-tier").
 * - Videos and community posts share one ladder: `all` for everyone (free and anonymous included),
 *   then each paid tier sees its own level and those below it.
 */
export type ContentViewer = Pick<Viewer, "role" | "membershipTier" | "isActive" | "secondFactorMissing"> | null;

type Audience = Tier | "admin";

function audienceOf(viewer: ContentViewer): Audience {
  if (!viewer || !viewer.isActive) return "free";
  // An admin the admin gate holds (no required second factor) reads as the member of their tier.
  return hasAdminPowers(viewer) ? "admin" : viewer.membershipTier;
}

const SESSION_LEVELS: Record<Audience, readonly ContentLevel[]> = {
  free: [],
  inventor: ["all", "inventor"],
  entrepreneur: ["all", "inventor", "entrepreneur"],
  "brand-ceo": ["all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["all", "inventor", "entrepreneur", "brand-ceo"],
};

const PUBLIC_MASTERMIND_LEVELS: Record<Audience, readonly ContentLevel[]> = {
  free: [],
  inventor: [],
  entrepreneur: ["all", "inventor", "entrepreneur"],
  "brand-ceo": ["all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["all", "inventor", "entrepreneur", "brand-ceo"],
};

const LADDER_LEVELS: Record<Audience, readonly ContentLevel[]> = {
  free: ["all"],
  inventor: ["all", "inventor"],
  entrepreneur: ["all", "inventor", "entrepreneur"],
  "brand-ceo": ["all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["all", "inventor", "entrepreneur", "brand-ceo"],
};

const RESOURCE_TIERS_SEEN: Record<Audience, readonly ResourceTier[]> = {
  free: ["free"],
  inventor: ["free", "all", "inventor"],
  entrepreneur: ["free", "all", "inventor", "entrepreneur"],
  "brand-ceo": ["free", "all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["free", "all", "inventor", "entrepreneur", "brand-ceo"],
};

export const sessionLevelsFor = (viewer: ContentViewer): ContentLevel[] => [...SESSION_LEVELS[audienceOf(viewer)]];

/** Sessions whose join and recording links the public Masterminds page hands out (none: the upgrade path). */
export const publicMastermindLevelsFor = (viewer: ContentViewer): ContentLevel[] => [...PUBLIC_MASTERMIND_LEVELS[audienceOf(viewer)]];

export const dashboardLevelsFor = (viewer: ContentViewer): ContentLevel[] => {
  const levels = sessionLevelsFor(viewer);
  return levels.length > 0 ? levels : ["all"];
};

export const resourceTiersFor = (viewer: ContentViewer): ResourceTier[] => [...RESOURCE_TIERS_SEEN[audienceOf(viewer)]];

export const videoLevelsFor = (viewer: ContentViewer): ContentLevel[] => [...LADDER_LEVELS[audienceOf(viewer)]];

export const postLevelsFor = (viewer: ContentViewer): ContentLevel[] => [...LADDER_LEVELS[audienceOf(viewer)]];

export const isContentAdmin = (viewer: ContentViewer): boolean => audienceOf(viewer) === "admin";
