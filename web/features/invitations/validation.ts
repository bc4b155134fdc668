import { isEmailAddress } from "../../../common/email-address";
import { INVITATION_UI_MESSAGES as TEXT } from "./messages";

/** The server's rules (CreateInvitationSchema, AcceptInvitationSchema), checked before sending. */
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function validateInvitation(values: { email: string; name: string }): FieldErrors<"email" | "name"> {
  const errors: FieldErrors<"email" | "name"> = {};
  const email = values.email.trim();
  if (!email) errors.email = TEXT.emailRequired;
  else if (!isEmailAddress(email)) errors.email = TEXT.emailInvalid;
  if (!values.name.trim()) errors.name = TEXT.nameRequired;
  return errors;
}

export function validateAcceptance(values: { name: string; password: string; confirmPassword: string }): FieldErrors<"name" | "password" | "confirmPassword"> {
  const errors: FieldErrors<"name" | "password" | "confirmPassword"> = {};
  if (!values.name.trim()) errors.name = TEXT.nameRequired;
  if (values.password.length < PASSWORD_MIN) errors.password = TEXT.passwordTooShort;
  else if (values.password.length > PASSWORD_MAX) errors.password = TEXT.passwordTooLong;
  if (values.password !== values.confirmPassword) errors.confirmPassword = TEXT.passwordsDoNotMatch;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
