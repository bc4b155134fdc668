import { inArray } from "drizzle-orm";
import { USER_ADMIN_MESSAGES } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/templates";
import { chunks } from "./chunks";

/** Messages handed to the mailer at once: with SMTP each one is a delivery, so a few at a time. */
const SEND_CONCURRENCY = 5;

/** The admin's message is plain text: escaped into the HTML body, blank lines make paragraphs. */
export function adminMessageMail(subject: string, message: string): Omit<MailMessage, "to"> {
  const paragraphs = message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return { subject, text: message, html: paragraphs };
}

/**
 * One message per selected account that still exists, through the app's mailer (so each lands in the
 * outbox, and goes out by SMTP when configured). Answers how many were queued.
 */
export async function emailUsers(db: Database, mailer: Mailer, input: { userIds: string[]; subject: string; message: string }): Promise<number> {
  const recipients: string[] = [];
  for (const ids of chunks([...new Set(input.userIds)])) {
    recipients.push(...(await db.select({ email: users.email }).from(users).where(inArray(users.id, ids))).map((row) => row.email));
  }
  if (recipients.length === 0) throw new AppError("VALIDATION_FAILED", USER_ADMIN_MESSAGES.noUsersSelected, { userIds: USER_ADMIN_MESSAGES.noUsersSelected });
  const mail = adminMessageMail(input.subject, input.message);
  for (const batch of chunks(recipients, SEND_CONCURRENCY)) {
    await Promise.all(batch.map((to) => mailer.send({ to, ...mail })));
  }
  return recipients.length;
}
