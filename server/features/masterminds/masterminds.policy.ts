import type { Tier } from "../../../common/tiers";
import type { Viewer } from "../../auth/viewer";
import type { PublicSessionRecord } from "./public-sessions.data";

type MastermindViewer = Pick<Viewer, "role" | "membershipTier" | "isActive"> | null;

function effectiveTier(viewer: MastermindViewer): Tier {
  if (!viewer || !viewer.isActive) return "free";
  return viewer.role === "admin" ? "brand-ceo" : viewer.membershipTier;
}

/** Spec 000 §6: on the public Masterminds page only entrepreneur and brand-ceo members have access (admins always). */
export function canJoinMasterminds(viewer: MastermindViewer): boolean {
  const tier = effectiveTier(viewer);
  return tier === "entrepreneur" || tier === "brand-ceo";
}

/** A brand-ceo (VIP) session only for brand-ceo; every other session for anyone with Masterminds access. */
export function canAccessSession(viewer: MastermindViewer, session: Pick<PublicSessionRecord, "tier">): boolean {
  if (!canJoinMasterminds(viewer)) return false;
  return session.tier !== "brand-ceo" || effectiveTier(viewer) === "brand-ceo";
}
