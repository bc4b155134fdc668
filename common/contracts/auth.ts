import { z } from "zod";
import { EMAIL_INVALID, EMAIL_PATTERN } from "../email-address";
import { ROLES, TIERS } from "../tiers";

/** User-facing texts of the login / sign-up modal and account flows, word for word from spec 000 §4, §5, §8. */
export const AUTH_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: EMAIL_INVALID,
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordTooLong: "Password must be at most 128 characters long",
  nameRequired: "Name is required",
  passwordsDoNotMatch: "Passwords do not match",
  emailTaken: "An account with this email already exists",
  loginFailed: "Login failed",
  registrationFailed: "Registration failed",
  modalFallback: "An error occurred. Please try again.",
  loginSuccess: "Login successful! Redirecting...",
  signUpSuccess: "Account created successfully! Redirecting to members area...",
  resetEmailFailed: "Failed to send reset email. Please try again.",
  resetCheckEmail: "Check your email",
  passwordUpdateFailed: "Failed to update password. Please try again.",
  accountInactive: "This account has been deactivated. Please contact support.",
  rateLimited: "Too many attempts. Please wait a moment and try again.",
  noSession: "No session found",
  authFailed: "Authentication failed",
  mustBeLoggedInForProfile: "You must be logged in to update your profile",
  profileUpdated: "Profile updated successfully!",
  profileUpdateFailed: "Failed to update profile. Please try again.",
  profilePictureInvalid: "Please enter a valid URL for the profile picture",
  profileImageFailed: "Invalid image URL. Please try another one.",
} as const;

export const PASSWORD_MIN = 6;
/** Longest password hashed; anything longer is refused before hashing (SECURITY.md). */
export const PASSWORD_MAX = 128;

export const EmailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid);

export const PasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong);

/** A member's display name, the same at every door that writes one (sign-up, Edit Profile). */
export const ProfileNameSchema = z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(120);

/** A profile picture address: http(s) only, so no `javascript:` ever reaches an `<img>` or a link. */
export const ProfilePictureSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === "" || /^https?:\/\//i.test(value), AUTH_MESSAGES.profilePictureInvalid);

export const SignUpBodySchema = z.object({
  name: ProfileNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  image: ProfilePictureSchema.optional().nullable(),
});

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
});

export const ResetRequestBodySchema = z.object({ email: EmailSchema });

/** Edit Profile → Change password: the current password confirms it is the owner; the new one follows the spec's rules. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
  newPassword: PasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The signed-in member as every screen sees it (spec 000 §3 "in-app user mapping"). */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  membershipTier: z.enum(TIERS),
  isActive: z.boolean(),
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const MeResponseSchema = z.object({ user: ProfileSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const UpdateProfileBodySchema = z.object({
  name: ProfileNameSchema,
  profilePicture: ProfilePictureSchema.optional().nullable(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const SocialProviderSchema = z.object({ id: z.string(), label: z.string() });
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** Public, non-secret settings the web app needs before anyone signs in. */
export const PublicConfigSchema = z.object({
  socialProviders: z.array(SocialProviderSchema),
  /** The business's contact block (contact page, legal pages, schedule-a-call fallback). */
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  /** Booking calendar embedded on /ref-number; null when not configured. */
  bookingEmbedUrl: z.string().nullable(),
  /** Which payment provider checkout uses; `configurationError` replaces every page with the spec's error page. */
  billing: z.object({ provider: z.enum(["stripe", "local"]).nullable(), configurationError: z.boolean() }),
  testLoginEnabled: z.boolean(),
  demoAdmin: z.object({ email: z.string(), password: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
