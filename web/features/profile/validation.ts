import { AUTH_MESSAGES } from "../../../common/contracts/auth";

export type ProfileFieldErrors = Partial<Record<"name" | "profilePicture", string>>;

/** True when the text looks like a picture address the form accepts (spec 000 §5: starts with http). */
export function isPictureUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

/** Spec 000 §5: name required; a picture URL, if given, must start with http. */
export function validateProfile(values: { name: string; profilePicture: string }): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  if (!values.name.trim()) errors.name = AUTH_MESSAGES.nameRequired;
  const picture = values.profilePicture.trim();
  if (picture && !isPictureUrl(picture)) errors.profilePicture = AUTH_MESSAGES.profilePictureInvalid;
  return errors;
}
