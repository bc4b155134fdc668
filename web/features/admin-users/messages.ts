import { ApiError } from "../../lib/api-client";

/**
 * Texts of the User Management screen. The spec's own words (001 §5, §8) are copied here rather than
 * imported from common/contracts/users.ts, whose zod schemas must stay out of the web bundle; the
 * server answers with the same words.
 */
export const USERS_TEXT = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordTooLong: "Password must be at most 128 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  createFailed: "Failed to create user",
  userCreated: "User created successfully!",
  loadFailed: "Failed to load users. Please try again.",
  actionFailed: "An error occurred. Please try again.",
  selectUsers: "Please select at least one user to send an email to",
  subjectAndMessage: "Please provide both subject and message",
  emailsSent: "Emails sent successfully!",
  emailsFailed: "An error occurred while sending emails",
  auditLoadFailed: "Failed to load the audit log. Please try again.",
  countsFailed: "Failed to count the accounts. Please try again.",
} as const;

/** "1 account", "3 accounts". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/**
 * The server's explanation when it gives one (last admin, own account, a subscription that cannot be
 * cancelled yet...), else the screen's fallback; an unexpected failure (500) never shows its text.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 500 && error.message ? error.message : fallback;
}
