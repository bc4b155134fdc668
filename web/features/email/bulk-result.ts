import { bulkPartialMessage, EMAIL_MESSAGES, type BulkSendProgress } from "../../../common/contracts/email";

export type BulkResult = { variant: "success" | "error"; message: string };

/** The spec's result of a finished bulk send (§8): all sent, some failed, or all failed; unsubscribed members are not failures. */
export function bulkResult(progress: BulkSendProgress): BulkResult | null {
  if (progress.status === "sending") return null;
  if (progress.status === "cancelled") return { variant: "error", message: `Sending cancelled: ${progress.sent} sent, ${progress.cancelled} not sent.` };
  if (progress.failed === 0) return { variant: "success", message: EMAIL_MESSAGES.bulkSuccess };
  if (progress.sent === 0) return { variant: "error", message: EMAIL_MESSAGES.bulkAllFailed };
  return { variant: "error", message: bulkPartialMessage(progress.sent, progress.failed) };
}
