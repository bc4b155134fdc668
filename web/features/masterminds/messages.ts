import type { ContentLevel } from "../../../common/content";

/** On this page only entrepreneur and brand-ceo have access (spec 000 §6), whatever the session's tier. */
const AUDIENCE_MEMBERS: Record<ContentLevel, string> = {
  all: "Entrepreneur and Brand CEO members",
  inventor: "Entrepreneur and Brand CEO members",
  entrepreneur: "Entrepreneur and Brand CEO members",
  "brand-ceo": "Brand CEO members",
};

/** Texts of the public Masterminds page. */
export const MASTERMIND_MESSAGES = {
  loadFailed: "We could not load the session calendar. Please try again in a moment.",
  accessTitle: "You have a seat at the table",
  joinLinkReady: "Get your join link in the members area",
  joinLinkLater: "RSVP in the members area; the join link appears there once the host adds it",
  accessText: "Your plan includes the mastermind sessions. Join links and recordings are in your members area.",
  noAccessTitle: "Masterminds are for Entrepreneur and Brand CEO members",
  noAccessText: "Entrepreneur and Brand CEO members join the live sessions and watch their recordings; VIP sessions are for Brand CEO members.",
  recordingLocked: (tier: ContentLevel) => `Recording available to ${AUDIENCE_MEMBERS[tier]}`,
  sessionLocked: (tier: ContentLevel) => (tier === "brand-ceo" ? "Open to Brand CEO members (VIP session)" : `Open to ${AUDIENCE_MEMBERS[tier]}`),
  noRecording: "This session was not recorded.",
  noUpcoming: "No upcoming sessions scheduled.",
  noPast: "No past sessions available.",
} as const;

/** Who a session is open to on the public page, by its tier (spec 000 §6: only entrepreneur and brand-ceo there). */
export const SESSION_AUDIENCE: Record<ContentLevel, string> = {
  all: "Entrepreneur & Above",
  inventor: "Entrepreneur & Above",
  entrepreneur: "Entrepreneur & Above",
  "brand-ceo": "Brand CEO only · VIP",
};
