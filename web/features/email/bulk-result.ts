import { bulkPartialMessage, EMAIL_MESSAGES, type BulkSendProgress } from "../../../common/contracts/email";

export type BulkResult = { variant: "success" | "error" | "info"; message: string };

/**
 * The spec's result of a finished bulk send (§8): all sent, some failed, or all failed; unsubscribed
 * members are not failures. Messages that may have been delivered (their sender stopped) are neither
 * sent nor failed: the admin is told how many, and that they went out at most once.
 */
export function bulkResult(progress: BulkSendProgress): BulkResult | null {
  if (progress.status === "sending") return null;
  const uncertain = progress.uncertain ? ` ${uncertainSentence(progress.uncertain)}` : "";
  if (progress.status === "cancelled") return { variant: "error", message: `Sending cancelled: ${progress.sent} sent, ${progress.cancelled} not sent.${uncertain}` };
  if (progress.failed === 0 && progress.uncertain === 0) return { variant: "success", message: EMAIL_MESSAGES.bulkSuccess };
  if (progress.failed === 0) return { variant: "info", message: `${progress.sent} emails sent successfully.${uncertain}` };
  if (progress.sent === 0 && progress.uncertain === 0) return { variant: "error", message: EMAIL_MESSAGES.bulkAllFailed };
  return { variant: "error", message: `${bulkPartialMessage(progress.sent, progress.failed)}${uncertain}` };
}

function uncertainSentence(count: number): string {
  const them = count === 1 ? "1 email may have been delivered" : `${count} emails may have been delivered`;
  return `${them}: the sending server stopped while handing ${count === 1 ? "it" : "them"} to the mail server, and ${count === 1 ? "it was" : "they were"} not sent again so that nobody receives a message twice.`;
}
