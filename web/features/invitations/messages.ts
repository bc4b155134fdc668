/**
 * Invitation texts, word for word as common/contracts/invitations.ts and auth.ts hold them (spec 001
 * §5, §8). Repeated here because web code must not pull the contract modules (and zod) into its chunks.
 */
export const INVITATION_UI_MESSAGES = {
  sent: (email: string) => `Invitation sent to ${email} successfully!`,
  resent: "Invitation resent successfully!",
  replaceTitle: "Replace the earlier invitation?",
  replaceConfirm: "Send and replace",
  sendFailed: "Failed to send invitation. Please try again.",
  resendFailed: "Failed to resend invitation. Please try again.",
  deleteFailed: "Failed to delete invitation. Please try again.",
  loadFailed: "Failed to load invitations. Please try again.",
  invalidLink: "This invitation link is invalid or has already been used.",
  expiredLink: "This invitation has expired. Ask an admin to send you a new one.",
  previewFailed: "We could not load this invitation. Please try again.",
  acceptFailed: "An error occurred. Please try again.",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  nameRequired: "Name is required",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordTooLong: "Password must be at most 128 characters long",
  passwordsDoNotMatch: "Passwords do not match",
} as const;

/** How long the spec's success messages stay (spec 001 §9). */
export const INVITATION_NOTICE_MS = 3000;

/** Days a link stays valid: INVITATION_DAYS on the server. */
export const INVITATION_LINK_DAYS = 7;
