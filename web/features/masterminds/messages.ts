import type { ContentLevel } from "../../../common/content";

const AUDIENCE_MEMBERS: Record<ContentLevel, string> = {
  all: "paid members",
  inventor: "Inventor, Entrepreneur and Brand CEO members",
  entrepreneur: "Entrepreneur and Brand CEO members",
  "brand-ceo": "Brand CEO members",
};

/** Texts of the public Masterminds page. */
export const MASTERMIND_MESSAGES = {
  loadFailed: "We could not load the session calendar. Please try again in a moment.",
  accessTitle: "You have a seat at the table",
  accessText: "Your plan includes the mastermind sessions. Join links and recordings are in your members area.",
  noAccessTitle: "Masterminds are for paid members",
  noAccessText: "Every paid plan joins the live sessions for its tier and their recordings. Entrepreneur adds the workshops; VIP sessions are for Brand CEO members.",
  recordingLocked: (tier: ContentLevel) => `Recording available to ${AUDIENCE_MEMBERS[tier]}`,
  sessionLocked: (tier: ContentLevel) => (tier === "brand-ceo" ? "Open to Brand CEO members (VIP session)" : `Open to ${AUDIENCE_MEMBERS[tier]}`),
  noRecording: "This session was not recorded.",
  noUpcoming: "No upcoming sessions scheduled.",
  noPast: "No past sessions available.",
} as const;

/** Who a session is open to, by its tier (spec 000 §6). */
export const SESSION_AUDIENCE: Record<ContentLevel, string> = {
  all: "All paid members",
  inventor: "Inventor & Above",
  entrepreneur: "Entrepreneur & Above",
  "brand-ceo": "Brand CEO only · VIP",
};
