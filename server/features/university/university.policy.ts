import type { UniversityAccessResponse } from "../../../common/contracts/marketing";
import type { PaidTier, Tier } from "../../../common/tiers";
import { hasAdminPowers } from "../../auth/guards";
import type { Viewer } from "../../auth/viewer";

type UniversityViewer = Pick<Viewer, "role" | "membershipTier" | "isActive" | "secondFactorMissing"> | null;

/** Course levels each tier opens (spec 000 §6): inventor its own, entrepreneur inventor and entrepreneur, brand-ceo all. */
const OPENED_LEVELS: Record<Tier, readonly PaidTier[]> = {
  free: [],
  inventor: ["inventor"],
  entrepreneur: ["inventor", "entrepreneur"],
  "brand-ceo": ["inventor", "entrepreneur", "brand-ceo"],
};

function effectiveTier(viewer: UniversityViewer): Tier {
  if (!viewer || !viewer.isActive) return "free";
  // An admin the admin gate holds (no required second factor) reads as the member of their tier.
  return hasAdminPowers(viewer) ? "brand-ceo" : viewer.membershipTier;
}

/** Full for entrepreneur and brand-ceo, limited for inventor, none otherwise. */
export function universityAccess(viewer: UniversityViewer): UniversityAccessResponse["access"] {
  const tier = effectiveTier(viewer);
  if (tier === "entrepreneur" || tier === "brand-ceo") return "full";
  return tier === "inventor" ? "limited" : "none";
}

export function canOpenCourse(viewer: UniversityViewer, course: { accessLevel: PaidTier }): boolean {
  return OPENED_LEVELS[effectiveTier(viewer)].includes(course.accessLevel);
}
