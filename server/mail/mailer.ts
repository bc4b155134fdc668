import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { outboxMessages } from "./outbox.table";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Records the message in the outbox and, with SMTP configured, delivers it; never throws for delivery failures. */
  send(message: MailMessage): Promise<{ id: string; status: "stored" | "sent" | "failed" }>;
  close(): void;
}

interface MailerOptions {
  db: Database;
  logger: Logger;
  from: string;
  smtpUrl?: string;
}

/** One mailer, two transports: the database outbox (default) or SMTP, which also leaves a copy in the outbox. */
export function createMailer({ db, logger, from, smtpUrl }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const subject = message.subject.replace(/[\r\n]+/g, " ");
      const [row] = await db
        .insert(outboxMessages)
        .values({ ...message, subject, transport: transport ? "smtp" : "outbox", status: "stored" })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error("outbox insert returned no row");
      if (!transport) return { id: row.id, status: "stored" };
      try {
        await transport.sendMail({ from, to: message.to, subject, text: message.text, html: message.html });
        await markOutboxMessage(db, row.id, { status: "sent", sentAt: new Date() });
        return { id: row.id, status: "sent" };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, to: message.to }, "mail delivery failed");
        await markOutboxMessage(db, row.id, { status: "failed", error: reason });
        return { id: row.id, status: "failed" };
      }
    },
    close() {
      transport?.close();
    },
  };
}

async function markOutboxMessage(db: Database, id: string, change: Partial<typeof outboxMessages.$inferInsert>) {
  await db.update(outboxMessages).set(change).where(eq(outboxMessages.id, id));
}
