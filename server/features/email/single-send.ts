import { EMAIL_MESSAGES, type SendEmailInput } from "../../../common/contracts/email";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { htmlToText, sanitizeEmailHtml } from "./email-html";
import { recordEmailError } from "./error-log";

/** Send Email: one message now, through the transport in use; a failure is logged as the spec says and answered with its reason. */
export async function sendSingleEmail(db: Database, mailer: Mailer, input: SendEmailInput): Promise<void> {
  const status = await mailer.status();
  if (!status.canSend) {
    await recordEmailError(db, { type: "CONFIG_ERROR", message: EMAIL_MESSAGES.noRefreshTokenFound, recipient: input.to, subject: input.subject });
    throw new AppError("CONFLICT", EMAIL_MESSAGES.noRefreshTokenFound);
  }
  const html = sanitizeEmailHtml(input.body);
  const result = await mailer.send({ to: input.to, subject: input.subject, html, text: htmlToText(html) });
  if (!result.failure) return;
  await recordEmailError(db, {
    type: "SEND_ERROR",
    message: result.failure.message,
    details: [`${result.transport}: ${result.failure.type}`, result.failure.details].filter(Boolean).join(", "),
    recipient: input.to,
    subject: input.subject,
  });
  throw new AppError("SERVICE_UNAVAILABLE", result.failure.message || EMAIL_MESSAGES.sendFailed);
}
