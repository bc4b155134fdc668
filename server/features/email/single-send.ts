import { sql } from "drizzle-orm";
import { EMAIL_MESSAGES, type SendEmailInput } from "../../../common/contracts/email";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { htmlToText, sanitizeEmailHtml } from "./email-html";
import { recordEmailError } from "./error-log";
import { fillHeader, fillHtml } from "./placeholders";

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
  // A template's {{name}}, {{email}} and {{tier}} are the recipient's own when the address has an account.
  const [account] = await db.select({ name: users.name, membershipTier: users.membershipTier }).from(users).where(sql`lower(${users.email}) = ${input.to.toLowerCase()}`);
  const recipient = { name: account?.name ?? "", email: input.to, tier: account?.membershipTier ?? "free" };
  const html = fillHtml(sanitizeEmailHtml(input.body), recipient);
  const result = await mailer.send({ to: input.to, subject: fillHeader(input.subject, recipient), html, text: htmlToText(html) });
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
