import { EMAIL_MESSAGES, type SendEmailInput } from "../../../common/contracts/email";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { htmlToText, sanitizeEmailHtml } from "./email-html";
import { recordEmailError } from "./error-log";

/**
 * Send Email: one message now, through the transport in use; a failure is logged as the spec says and
 * answered with its reason. With "Outbox only" chosen the message is kept in the outbox, undelivered,
 * as the admin asked; with nothing able to send and no such choice, it is refused. Answers whether it was delivered.
 */
export async function sendSingleEmail(db: Database, mailer: Mailer, input: SendEmailInput): Promise<{ delivered: boolean }> {
  const status = await mailer.status();
  if (!status.canSend && status.chosen !== "outbox") {
    await recordEmailError(db, { type: "CONFIG_ERROR", message: EMAIL_MESSAGES.noRefreshTokenFound, recipient: input.to, subject: input.subject });
    throw new AppError("CONFLICT", EMAIL_MESSAGES.noRefreshTokenFound);
  }
  const html = sanitizeEmailHtml(input.body);
  const result = await mailer.send({ to: input.to, subject: input.subject, html, text: htmlToText(html) });
  if (!result.failure) return { delivered: result.status === "sent" };
  await recordEmailError(db, {
    type: result.failure.type,
    message: result.failure.message,
    details: [`${result.transport}: ${result.failure.type}`, result.failure.details].filter(Boolean).join(", "),
    recipient: input.to,
    subject: input.subject,
  });
  throw new AppError("SERVICE_UNAVAILABLE", result.failure.message || EMAIL_MESSAGES.sendFailed);
}
