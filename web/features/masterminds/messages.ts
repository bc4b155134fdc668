import type { PaidTier } from "../../../common/tiers";

/** Texts of the public Masterminds page. */
export const MASTERMIND_MESSAGES = {
  loadFailed: "We could not load the session calendar. Please try again in a moment.",
  accessTitle: "You have a seat at the table",
  accessText: "Your plan includes the mastermind sessions. Join links and recordings are in your members area.",
  noAccessTitle: "Masterminds are for Entrepreneur and Brand CEO members",
  noAccessText: "Upgrade to join the live sessions, ask for the hot seat and watch every recording. VIP sessions are for Brand CEO members.",
  recordingLocked: (tier: PaidTier) =>
    tier === "brand-ceo" ? "Recording available to Brand CEO members" : "Recording available to Entrepreneur and Brand CEO members",
  sessionLocked: (tier: PaidTier) =>
    tier === "brand-ceo" ? "Open to Brand CEO members (VIP session)" : "Open to Entrepreneur and Brand CEO members",
  noRecording: "This session was not recorded.",
  noUpcoming: "No upcoming sessions scheduled.",
  noPast: "No past sessions available.",
} as const;

/** Who a session is open to, by its tier (spec 000 §6: the public page opens to entrepreneur and brand-ceo). */
export const SESSION_AUDIENCE: Record<PaidTier, string> = {
  inventor: "Entrepreneur & Brand CEO",
  entrepreneur: "Entrepreneur & Brand CEO",
  "brand-ceo": "Brand CEO only · VIP",
};
