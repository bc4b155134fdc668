/** Texts of the training page beyond CONTENT_MESSAGES. */
export const VIDEO_PAGE_MESSAGES = {
  unavailable: "This video cannot be played right now. Please try again later.",
  downloadInstead: "Your browser cannot play this video here. Open the video file instead.",
  premiumText: "Upgrade to a paid plan to watch every lesson for your tier: product development, manufacturing, marketing, funding and leadership.",
} as const;
