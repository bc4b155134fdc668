import { z } from "zod";
import { EMAIL_INVALID, EMAIL_PATTERN } from "../email-address";

/** Email Settings texts, word for word from spec 001 §2.7, §2.8, §5, §8. */
export const EMAIL_MESSAGES = {
  fillAllFields: "Please fill in all fields",
  enterCode: "Please enter the authorization code",
  noRefreshToken: "No refresh token received. Please try again and make sure to approve all permissions.",
  authorizeFailed: "Failed to authorize Gmail",
  authorizationUrlFailed: "Failed to generate authorization URL",
  tokensFailed: "Failed to get tokens",
  notAuthorizedWarning: "You need to authorize access to Gmail before sending emails. Please go to the Gmail Authorization tab.",
  noRefreshTokenFound: "No refresh token found. Please authorize Gmail access first.",
  /** Transport "Outbox only", chosen by the admin: sending works, nothing is delivered. */
  outboxOnlyNotice: "Transport is Outbox only: messages are kept in the outbox and not delivered. Choose another transport under Email Settings to deliver them.",
  grantRejected: (when: string) => `Gmail stopped accepting the authorization on ${when}: it was revoked or has expired. Nothing is sent through Gmail until you authorize it again below.`,
  keptInOutbox: "Email kept in the outbox (Transport: Outbox only). It was not delivered.",
  resetConfirm: "Are you sure you want to reset Gmail authorization? This will require you to reauthorize.",
  sending: "Sending...",
  sent: "Email sent successfully!",
  sendFailed: "Failed to send email",
  deleteTemplateConfirm: "Are you sure you want to delete this template?",
  clearLogsConfirm: "Are you sure you want to clear all error logs?",
  noErrorsYet: "No email errors have been logged yet.",
  noErrorsMatch: "No errors match your current filters.",
  templatesLoadFailed: "Failed to load email templates",
  bulkSuccess: "Emails sent successfully!",
  bulkAllFailed: "Failed to send emails. Please check the error logs for details.",
  bulkGenericError: "An error occurred while sending emails",
  callbackNoCode: "No authorization code found in the URL",
  callbackFailedPrefix: "Failed to process authorization: ",
  callbackLoadingTitle: "Processing Authorization",
  callbackLoadingText: "Please wait while we complete the Gmail authorization process...",
  callbackSuccessTitle: "Authorization Successful",
  callbackSuccessText: "Gmail authorization successful! You can close this window and return to the admin panel.",
  callbackErrorTitle: "Authorization Failed",
  callbackReturn: "Return to Admin Panel",
} as const;

/** 'N emails sent successfully, but M failed. Check the error logs for details.' (spec 001 §8). */
export function bulkPartialMessage(sent: number, failed: number): string {
  return `${sent} emails sent successfully, but ${failed} failed. Check the error logs for details.`;
}

/** A recipient's message was in hand when its sending server stopped (issue 26): the row's error and its error-log entry. */
export const BULK_MAY_HAVE_BEEN_DELIVERED =
  "May have been delivered: the sending server stopped while this message was being handed to the mail server; not sent again so that nobody receives it twice";

/** The bulk dialog while a send's sender is missing, and after another instance took it over. */
export const BULK_RECOVERY_MESSAGES = {
  waiting: "The sending server stopped. Another server will resume this send within a minute; messages already sent are not sent again.",
  resumed: "Resumed by another server after the sending server stopped.",
} as const;

/** Spec timings (§9): notices, the callback's close and redirect, the bulk dialog's close. */
export const EMAIL_DELAYS_MS = { gmailNotice: 3000, sendBanner: 3000, callbackClose: 3000, copied: 2000, bulkClose: 2000 } as const;

/** The message /callback posts to the window that opened it. */
export const GMAIL_AUTH_SUCCESS = "GMAIL_AUTH_SUCCESS";
/**
 * The same message on a same-origin BroadcastChannel: once the popup has been to Google, our
 * Cross-Origin-Opener-Policy (same-origin) cuts it from its opener, so window.opener is null there.
 */
export const GMAIL_AUTH_CHANNEL = "gmail-authorization";

export const MAIL_TRANSPORTS = ["outbox", "smtp", "gmail"] as const;
export type MailTransportName = (typeof MAIL_TRANSPORTS)[number];

/** GET /api/admin/email/status: which transport sends, and whether it can. Never a token. */
export const EmailStatusSchema = z.object({
  transport: z.enum(MAIL_TRANSPORTS),
  /** The admin's choice; null while the server picks (Gmail once authorized, else SMTP if configured, else the outbox). */
  chosen: z.enum(MAIL_TRANSPORTS).nullable(),
  canSend: z.boolean(),
  smtpConfigured: z.boolean(),
  /** `rejectedAt`: when Gmail stopped accepting the stored authorization (revoked or expired); it must be given again. */
  gmail: z.object({ configured: z.boolean(), authorized: z.boolean(), authorizedAt: z.string().nullable(), rejectedAt: z.string().nullable() }),
});
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

/** PUT /api/admin/email/transport */
export const ChooseTransportSchema = z.object({ transport: z.enum(MAIL_TRANSPORTS).nullable() }).strict();

/** POST /api/admin/email/gmail/authorize: the code Google returned to /callback (or pasted in step 2). */
export const GmailCodeSchema = z
  .object({ code: z.string({ error: EMAIL_MESSAGES.enterCode }).trim().min(1, EMAIL_MESSAGES.enterCode).max(2000) })
  .strict();

const required = (max: number) => z.string({ error: EMAIL_MESSAGES.fillAllFields }).trim().min(1, EMAIL_MESSAGES.fillAllFields).max(max);

/** POST /api/admin/email/send: one message; the body is HTML, sanitized on the server. */
export const SendEmailSchema = z
  .object({
    to: required(320).regex(EMAIL_PATTERN, EMAIL_INVALID),
    subject: required(300),
    body: required(100_000),
  })
  .strict();
export type SendEmailInput = z.infer<typeof SendEmailSchema>;

/** POST /api/admin/email/preview: a subject and body as a member receives them, filled with sample values. */
export const EmailPreviewInputSchema = z.object({ subject: z.string().max(300), body: z.string().max(100_000) }).strict();
export type EmailPreviewInput = z.infer<typeof EmailPreviewInputSchema>;
export const EmailPreviewSchema = z.object({ subject: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;
/** Who a preview is addressed to. */
export const PREVIEW_RECIPIENT = { name: "Ada Lovelace", email: "ada@example.com", tier: "inventor" } as const;

/** Email template (spec 001 §3): id is a numeric string. */
export const EmailTemplateSchema = z.object({ id: z.string(), name: z.string(), subject: z.string(), body: z.string() });
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;
export const EmailTemplateInputSchema = z.object({ name: required(200), subject: required(300), body: required(100_000) }).strict();
export type EmailTemplateInput = z.infer<typeof EmailTemplateInputSchema>;

export const EMAIL_ERROR_TYPES = ["AUTH_ERROR", "SEND_ERROR", "CONFIG_ERROR", "NETWORK_ERROR", "UNKNOWN_ERROR"] as const;
export type EmailErrorType = (typeof EMAIL_ERROR_TYPES)[number];
/** Error log entry (spec 001 §3); the newest 100 are kept. */
export const EmailErrorEntrySchema = z.object({
  id: z.string(),
  type: z.enum(EMAIL_ERROR_TYPES),
  message: z.string(),
  timestamp: z.string(),
  details: z.string().nullable(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
});
export type EmailErrorEntry = z.infer<typeof EmailErrorEntrySchema>;
export const EMAIL_ERROR_LOG_LIMIT = 100;

export const BULK_SEND_STATUSES = ["sending", "done", "cancelled"] as const;
/**
 * A bulk send's sender stopped: `waiting` while its heartbeat is missing and another instance is about
 * to take the send over, `resumed` once one did.
 */
export const BULK_SEND_RECOVERY = ["waiting", "resumed"] as const;
/** GET /api/admin/email/bulk/:id: progress the dialog polls. */
export const BulkSendProgressSchema = z.object({
  id: z.string(),
  status: z.enum(BULK_SEND_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Being handed to the mail server when their sender stopped: may have been delivered, never sent again. */
  uncertain: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
  pending: z.number().int(),
  recovery: z.enum(BULK_SEND_RECOVERY).nullable(),
});
export type BulkSendProgress = z.infer<typeof BulkSendProgressSchema>;

/** GET/PUT /api/profile/email-subscription: whether the member receives bulk mail. */
export const EmailSubscriptionSchema = z.object({ subscribed: z.boolean() }).strict();
