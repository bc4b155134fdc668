/** Texts of the members' mastermind page beyond CONTENT_MESSAGES. */
export const SESSION_PAGE_MESSAGES = {
  loadFailed: "We could not load your sessions. Please try again.",
  rsvpFailed: "We could not update your RSVP. Please try again.",
  noRecording: "No recording is available for this session.",
  nobodyGoing: "Be the first to RSVP.",
  joinLinkLater: "The join link appears here once the host adds it.",
  upgradeTitle: "Mastermind sessions come with a paid plan",
  upgradeText:
    "Inventor, Entrepreneur and Brand CEO members meet on a live video call every month to work through each other's products, with recordings of past sessions.",
  upgradeAction: "View Paid Plans",
} as const;
