import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MAX } from "./auth";

/** Texts of the Account page's "Your data" and "Delete account" sections and of their API answers. */
export const ACCOUNT_DATA_MESSAGES = {
  exportTooLarge: "Your data is too large to download at once. Use Email me a download link and we will prepare it in the background.",
  exportQueued: "We are preparing your data. We will email you a download link when it is ready (usually within a few minutes).",
  exportInProgress: "Your data is already being prepared. We will email you a download link when it is ready.",
  exportGone: "This download link has expired or is no longer valid. Request a new export from your Account page.",
  exportFailed: "Preparing your data failed. Please try again.",
  exportRateLimited: "You have requested your data several times in a short while. Please wait a moment and try again.",
  confirmationRequired: "Enter your password, or use the link we emailed you, to confirm.",
  wrongPassword: "Incorrect password",
  useEmailLink: "Your account signs in without a password: we email you a link to confirm the deletion instead.",
  hasPassword: "Your account has a password: confirm the deletion with it.",
  linkInvalid: "This confirmation link is invalid, was already used or has expired. Request a new one from your Account page.",
  lastAdmin: "You are the only active admin. Make another member an admin before you delete your account.",
  linkSent: "We emailed you a confirmation link. It works once, within 30 minutes.",
  deleted: "Your account has been deleted, and you are signed out. Thank you for having been part of the community.",
  deleteFailed: "We could not delete your account. Please try again.",
} as const;

/** An export with more records or bytes of files than this is prepared in the background and mailed. */
export const EXPORT_DOWNLOAD_LIMITS = { records: 5_000, fileBytes: 25 * 1024 * 1024 } as const;
/** How long a prepared export's mailed link works. */
export const EXPORT_LINK_DAYS = 7;
/** How long a mailed deletion link works. */
export const DELETION_LINK_MINUTES = 30;

export const POSTS_CHOICES = ["anonymise", "delete"] as const;
export type PostsChoice = (typeof POSTS_CHOICES)[number];

export const DeleteAccountBodySchema = z
  .object({
    /** Accounts with a password confirm with it. */
    password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX * 4).optional(),
    /** Accounts without one (social or SSO sign-in) confirm with the token of the mailed link. */
    token: z.string().min(1).max(200).optional(),
    /** Keep posts and replies under 'Deleted member', or delete them too. */
    posts: z.enum(POSTS_CHOICES),
  })
  .refine((body) => body.password !== undefined || body.token !== undefined, { message: ACCOUNT_DATA_MESSAGES.confirmationRequired, path: ["password"] });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const PreparedExportSchema = z.object({
  status: z.enum(["preparing", "ready", "failed"]),
  requestedAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Signed for this member; only with status ready. */
  downloadUrl: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type PreparedExport = z.infer<typeof PreparedExportSchema>;

/** GET /api/me/data: what the Account page's two sections state before anything happens. */
export const AccountDataSummarySchema = z.object({
  export: z.object({
    /** `download`: GET /api/me/data/export answers the zip at once; `email`: POST /api/me/data/exports prepares it. */
    delivery: z.enum(["download", "email"]),
    records: z.number().int(),
    files: z.number().int(),
    fileBytes: z.number().int(),
    prepared: PreparedExportSchema.nullable(),
  }),
  deletion: z.object({
    confirmBy: z.enum(["password", "email"]),
    posts: z.number().int(),
    replies: z.number().int(),
    uploads: z.number().int(),
    isLastAdmin: z.boolean(),
    hasLiveSubscription: z.boolean(),
  }),
});
export type AccountDataSummary = z.infer<typeof AccountDataSummarySchema>;

export const ExportRequestResponseSchema = z.object({ status: z.literal("preparing"), message: z.string() });
export const DeletionLinkResponseSchema = z.object({ message: z.string() });
export const AccountDeletedResponseSchema = z.object({ deleted: z.literal(true), message: z.string() });
