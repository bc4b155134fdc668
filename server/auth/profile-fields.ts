import { ProfileNameSchema, ProfilePictureSchema } from "../../common/contracts/auth";

interface ProfileFields {
  name?: string | null;
  image?: string | null;
}

/**
 * The profile form's rules for what other doors bring in (a social or OIDC provider's profile, at
 * sign-up or when an account is linked): the name cut to its 120 characters, a picture kept only when
 * Edit Profile would accept it. Fields absent from `fields` stay absent.
 */
export function withProfileRules<T extends ProfileFields>(fields: T): T {
  const result = { ...fields };
  if (typeof fields.name === "string") {
    const name = fields.name.trim().slice(0, ProfileNameSchema.maxLength ?? undefined);
    if (name) result.name = name;
  }
  if (typeof fields.image === "string") result.image = ProfilePictureSchema.safeParse(fields.image).success ? fields.image.trim() || null : null;
  return result;
}
