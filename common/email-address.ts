/**
 * The one email rule of every email field, in the browser and on the server: the pattern of zod's
 * `z.email()`, which better-auth applies behind our mount, so an address a form accepts is never
 * refused further along (server/validation-messages.test.ts checks they agree). Plain, so pages can check it without loading zod.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What every email field says when the address does not have that shape (spec 000 §5, 001 §5). */
export const EMAIL_INVALID = "Please enter a valid email address";

/** Whether `value`, trimmed, is an email address by the one rule. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
