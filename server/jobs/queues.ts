/** Every pg-boss queue the app uses; the handler lives in the feature that owns the work. */
export const QUEUES = {
  /** One job per bulk send (features/email/bulk-send.job.ts); data `{ sendId }`. */
  bulkEmail: "bulk-email",
  /** One job per data export too large to download at once (features/account-data/export.job.ts); data `{ exportId }`. */
  accountExport: "account-export",
  /** Hourly, on a schedule (features/account-data/export-cleanup.job.ts): removes expired data exports and their files. */
  accountExportCleanup: "account-export-cleanup",
  /** One job per new or edited post or reply that mentions someone (features/community/mentions.job.ts); data `{ kind, id }`. */
  communityMentions: "community-mentions",
  /** Hourly, on a schedule (plugins/idempotency-cleanup.job.ts): deletes Idempotency-Key answers past their 24 hours. */
  idempotencyKeyCleanup: "idempotency-key-cleanup",
  /** One job per new session, resource, video or recording (features/notifications/notification-broadcast.job.ts); data a BroadcastRequest. */
  notificationBroadcast: "notification-broadcast",
  /** One job per confirmed members import (features/member-transfer/member-import.job.ts); data `{ importId }`. */
  memberImport: "member-import",
  /** The set-your-password mails of an import's new accounts, after it ran (member-import-invites.job.ts); data `{ importId }`. */
  memberImportInvites: "member-import-invites",
  /** Hourly, on a schedule (member-import-cleanup.job.ts): deletes uploaded rows kept past their days. */
  memberImportCleanup: "member-import-cleanup",
  /** One job per webhook delivery, its id the delivery's (features/webhooks/webhooks.job.ts); data `{ deliveryId }`; retried with backoff. */
  webhookDelivery: "webhook-delivery",
  /** Hourly, on a schedule (features/webhooks/webhooks.job.ts): drops delivery logs past 30 days or beyond each endpoint's cap. */
  webhookCleanup: "webhook-cleanup",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
