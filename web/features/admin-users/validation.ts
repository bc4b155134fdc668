import { isEmailAddress } from "../../../common/email-address";
import { USERS_TEXT } from "./messages";

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

export type NewUserFields = { name: string; email: string; password: string; confirmPassword: string };
export type NewUserErrors = Partial<Record<keyof NewUserFields, string>>;

/** Add User checks of spec 001 §5, one message per field; the server checks the same again. */
export function validateNewUser(values: NewUserFields): NewUserErrors {
  const errors: NewUserErrors = {};
  if (!values.name.trim()) errors.name = USERS_TEXT.nameRequired;
  const email = values.email.trim();
  if (!email) errors.email = USERS_TEXT.emailRequired;
  else if (!isEmailAddress(email)) errors.email = USERS_TEXT.emailInvalid;
  if (values.password.length < PASSWORD_MIN) errors.password = USERS_TEXT.passwordTooShort;
  else if (values.password.length > PASSWORD_MAX) errors.password = USERS_TEXT.passwordTooLong;
  if (values.password !== values.confirmPassword) errors.confirmPassword = USERS_TEXT.passwordsDoNotMatch;
  return errors;
}

/** Both fields of the bulk email are required (spec 001 §5). */
export function isEmailComplete(subject: string, message: string): boolean {
  return subject.trim().length > 0 && message.trim().length > 0;
}
