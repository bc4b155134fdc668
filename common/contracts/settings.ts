import { z } from "zod";
import { PAID_TIERS } from "../tiers";
import { EMAIL_INVALID, isEmailAddress } from "../email-address";
import { AUTH_MESSAGES } from "./auth";
import { DEFAULT_DAILY_NEW_CONVERSATIONS } from "./messages";

/** General Settings (spec 001 §2.5), saved on the server and in effect for every instance. */
export const GeneralSettingsSchema = z.object({
  communityName: z.string().trim().min(1, "Community name is required").max(120),
  notificationEmail: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value === "" || isEmailAddress(value), EMAIL_INVALID),
  allowRegistration: z.boolean(),
  requireApproval: z.boolean(),
  /** The tier of accounts made by invitation when the invitation does not name one. */
  defaultTier: z.enum(PAID_TIERS),
  /** New direct-message conversations a member may start in 24 hours (README: Direct messages). */
  dailyNewConversations: z
    .number({ error: "Enter a number of conversations" })
    .int("Enter a whole number")
    .min(1, "Allow at least 1 new conversation a day")
    .max(1000, "Allow at most 1,000 new conversations a day")
    .default(DEFAULT_DAILY_NEW_CONVERSATIONS),
});
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  communityName: "Inventors Community",
  notificationEmail: "",
  allowRegistration: true,
  requireApproval: false,
  defaultTier: "inventor",
  dailyNewConversations: DEFAULT_DAILY_NEW_CONVERSATIONS,
};

export const SETTINGS_MESSAGES = {
  saved: "Settings saved successfully!",
  saveFailed: "Failed to save settings. Please try again.",
  loadFailed: "Failed to load settings. Please try again.",
  registrationClosed: "Registration is currently closed. Ask an admin for an invitation.",
  awaitingApproval: "Your account was created and is waiting for an admin to approve it. We will email you once it is active.",
  /** Sign-in of an inactive account that has never signed in: held for approval (or added inactive), not deactivated. */
  notYetActivated: "Your account is waiting for an admin to activate it.",
} as const;

/** GET /api/settings/public: what the sign-up modal needs before anyone signs in. */
export type PublicSettings = Pick<GeneralSettings, "communityName" | "allowRegistration">;

/** Codes of the registration and second-factor refusals (better-auth's `{ code, message }` shape under /api/auth). */
export const REGISTRATION_CLOSED = "REGISTRATION_CLOSED";
/** A first social or OIDC sign-in created an account that now waits for an admin (the /auth/callback `error`). */
export const AWAITING_APPROVAL = "AWAITING_APPROVAL";
export const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";
export const TWO_FACTOR_ADMINS_ONLY = "TWO_FACTOR_ADMINS_ONLY";

/** 202 answer of POST /api/auth/sign-up/email while approval is required: the account exists, inactive, and no session was started. */
export interface AwaitingApprovalResponse {
  status: "awaiting-approval";
  message: string;
}

/** GET /api/me/two-factor: whether the viewer's sign-in asks for a second factor, and whether the admin area insists on one. */
export interface TwoFactorStatus {
  /** Only admins may turn the second factor on. */
  available: boolean;
  enabled: boolean;
  /** REQUIRE_ADMIN_2FA is on and this admin has not set it up yet: the admin API refuses them. */
  required: boolean;
}

/** Texts of two-factor sign-in and its setup. */
export const TWO_FACTOR_MESSAGES = {
  required: "Set up two-factor authentication to use the admin area.",
  adminsOnly: "Only admins can turn on two-factor authentication.",
  codeRequired: "Please enter the code from your authenticator app",
  recoveryCodeRequired: "Please enter one of your recovery codes",
  invalidCode: "That code is not correct. Please try again.",
  invalidRecoveryCode: "That recovery code is not valid or was already used.",
  invalidPassword: "Incorrect password",
  challengeExpired: "Your sign-in took too long. Please log in again.",
  tooManyAttempts: "Too many wrong codes. Please log in again.",
  locked: "Too many failed attempts. Two-factor sign-in is locked for 15 minutes.",
  enabled: "Two-factor authentication is on.",
  disabled: "Two-factor authentication is off.",
} as const;

const codeSchema = (message: string) => z.string({ error: message }).trim().min(1, message).max(64);

/** Bodies of better-auth's two-factor endpoints, checked by our mount before better-auth sees them. */
export const TwoFactorCodeBodySchema = z.object({ code: codeSchema(TWO_FACTOR_MESSAGES.codeRequired) });
export const RecoveryCodeBodySchema = z.object({ code: codeSchema(TWO_FACTOR_MESSAGES.recoveryCodeRequired) });
export const TwoFactorPasswordBodySchema = z.object({
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(128),
});
