/** Every pg-boss queue the app uses; the handler lives in the feature that owns the work. */
export const QUEUES = {
  /** One job per bulk send (features/email/bulk-send.job.ts); data `{ sendId }`. */
  bulkEmail: "bulk-email",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
