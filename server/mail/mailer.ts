import { eq } from "drizzle-orm";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Logger } from "pino";
import type { MailTransportName } from "../../common/contracts/email";
import type { Database } from "../db/client";
import { exchangeGmailCode, gmailConsentUrl, refreshGmailAccess, sendGmailMessage, type GmailConfig } from "./gmail-client";
import { MailDeliveryError, toDeliveryError } from "./mail-failure";
import { markGmailGrantRejected, readMailSettings, saveGmailGrant, saveTransportChoice, type MailSettings } from "./mail-settings";
import { outboxMessages } from "./outbox.table";
import type { SecretBox } from "./secret-box";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); values are stripped of line breaks. */
  headers?: Record<string, string>;
  /** Files sent with it (a session's .ics); the outbox keeps the text, not the files. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

export interface SendResult {
  id: string;
  status: "stored" | "sent" | "failed";
  transport: MailTransportName;
  failure?: MailDeliveryError;
}

export interface TransportStatus {
  transport: MailTransportName;
  chosen: MailTransportName | null;
  /** True when the transport in use delivers mail (the outbox only keeps it). */
  canSend: boolean;
  smtpConfigured: boolean;
  gmail: { configured: boolean; authorized: boolean; authorizedAt: string | null; rejectedAt: string | null };
}

export interface Mailer {
  /** Records the message in the outbox and delivers it through the transport in use; never throws for delivery failures. */
  send(message: MailMessage): Promise<SendResult>;
  status(): Promise<TransportStatus>;
  chooseTransport(transport: MailTransportName | null): Promise<void>;
  /** The Google consent page, or null when no Gmail client is configured. */
  gmailConsentUrl(state: string): string | null;
  /** Exchanges the code on the server and stores the refresh token sealed; throws MailDeliveryError. */
  authorizeGmail(code: string): Promise<"authorized" | "no-refresh-token">;
  resetGmail(): Promise<void>;
  close(): void;
}

interface MailerOptions {
  db: Database;
  logger: Logger;
  /** MAIL_FROM: its address sends every message. */
  from: string;
  /** The name shown as the sender, read at each send (the community name of Admin Settings); MAIL_FROM's own name without it. */
  senderName?: () => Promise<string>;
  smtpUrl?: string;
  gmail?: GmailConfig;
  /** Seals the Gmail refresh token; required with `gmail`. */
  secretBox?: SecretBox;
}

/** Access tokens live an hour; one is reused until a minute before it expires. */
const ACCESS_TOKEN_MARGIN_MS = 60_000;

/**
 * One mailer, three transports: the database outbox (always written), SMTP, or the business's Gmail.
 * Unless the admin chose one, Gmail sends once authorized, else SMTP when configured, else nothing leaves the outbox.
 */
export function createMailer({ db, logger, from, senderName, smtpUrl, gmail, secretBox }: MailerOptions): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let access: { token: string; expiresAt: number; grant: string } | null = null;

  // A grant Google refused no longer counts as an authorization.
  const usableGrant = (settings: MailSettings) => (settings.gmail && !settings.gmail.rejectedAt ? settings.gmail : null);
  const effective = (settings: MailSettings): MailTransportName =>
    settings.chosen ?? (usableGrant(settings) && gmail ? "gmail" : smtp ? "smtp" : "outbox");
  const ready = (transport: MailTransportName, settings: MailSettings) =>
    transport === "smtp" ? Boolean(smtp) : transport === "gmail" ? Boolean(gmail && usableGrant(settings)) : false;

  async function gmailAccessToken(config: GmailConfig, settings: MailSettings): Promise<string> {
    if (!settings.gmail || !secretBox) throw new MailDeliveryError("CONFIG_ERROR", "No refresh token found. Please authorize Gmail access first.");
    const grant = settings.gmail.sealedRefreshToken;
    if (access && access.grant === grant && access.expiresAt - ACCESS_TOKEN_MARGIN_MS > Date.now()) return access.token;
    const tokens = await refreshGmailAccess(config, secretBox.open(grant));
    if (!tokens.accessToken) throw new MailDeliveryError("AUTH_ERROR", "Google returned no access token");
    access = { token: tokens.accessToken, expiresAt: tokens.expiresAt ?? Date.now() + 3_600_000, grant };
    return access.token;
  }

  async function deliver(transport: MailTransportName, settings: MailSettings, mail: SendMailOptions): Promise<void> {
    if (transport === "smtp") {
      if (!smtp) throw new MailDeliveryError("CONFIG_ERROR", "SMTP is chosen but SMTP_URL is not set");
      await smtp.sendMail(mail);
      return;
    }
    if (!gmail) throw new MailDeliveryError("CONFIG_ERROR", "Gmail is chosen but no Gmail client is configured");
    const raw = (await composer.sendMail(mail)).message as Buffer;
    try {
      try {
        await sendGmailMessage(gmail, await gmailAccessToken(gmail, settings), raw);
      } catch (error) {
        // An access token revoked before its time: one retry with a fresh one.
        if (!(error instanceof MailDeliveryError && error.type === "AUTH_ERROR" && access)) throw error;
        access = null;
        await sendGmailMessage(gmail, await gmailAccessToken(gmail, settings), raw);
      }
    } catch (error) {
      if (!(error instanceof MailDeliveryError && error.type === "AUTH_ERROR" && settings.gmail)) throw error;
      // Refused with a fresh token too: the grant itself is revoked or expired, and the status says so.
      access = null;
      await markGmailGrantRejected(db, settings.gmail.sealedRefreshToken);
      throw new MailDeliveryError("AUTH_ERROR", GMAIL_GRANT_REJECTED, error.message);
    }
  }

  return {
    async send(message) {
      const subject = oneLine(message.subject);
      const settings = await readMailSettings(db);
      const transport = effective(settings);
      const [row] = await db
        .insert(outboxMessages)
        .values({ to: message.to, subject, text: message.text, html: message.html, transport, status: "stored" })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error("outbox insert returned no row");
      if (transport === "outbox") return { id: row.id, status: "stored", transport };
      const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, oneLine(value)]));
      try {
        const sender = senderName ? { name: oneLine(await senderName()), address: addressOf(from) } : from;
        await deliver(transport, settings, { from: sender, to: message.to, subject, text: message.text, html: message.html, headers, attachments: message.attachments });
        await markOutboxMessage(db, row.id, { status: "sent", sentAt: new Date() });
        return { id: row.id, status: "sent", transport };
      } catch (error) {
        const failure = inWords(toDeliveryError(error), transport);
        logger.error({ err: error, to: message.to, transport }, "mail delivery failed");
        await markOutboxMessage(db, row.id, { status: "failed", error: failure.message });
        return { id: row.id, status: "failed", transport, failure };
      }
    },
    async status() {
      const settings = await readMailSettings(db);
      const transport = effective(settings);
      return {
        transport,
        chosen: settings.chosen,
        canSend: ready(transport, settings),
        smtpConfigured: Boolean(smtp),
        gmail: { configured: Boolean(gmail), authorized: Boolean(usableGrant(settings)), authorizedAt: settings.gmail?.authorizedAt ?? null, rejectedAt: settings.gmail?.rejectedAt ?? null },
      };
    },
    chooseTransport: (transport) => saveTransportChoice(db, transport),
    gmailConsentUrl: (state) => (gmail ? gmailConsentUrl(gmail, state) : null),
    async authorizeGmail(code) {
      if (!gmail || !secretBox) throw new MailDeliveryError("CONFIG_ERROR", "No Gmail client is configured (GMAIL_CLIENT_ID and GMAIL_CLIENT_SECRET)");
      const tokens = await exchangeGmailCode(gmail, code);
      if (!tokens.refreshToken) {
        logger.warn("Gmail answered without a refresh token; the stored authorization is unchanged");
        return "no-refresh-token";
      }
      const sealedRefreshToken = secretBox.seal(tokens.refreshToken);
      await saveGmailGrant(db, { sealedRefreshToken, authorizedAt: new Date().toISOString() });
      access = tokens.accessToken ? { token: tokens.accessToken, expiresAt: tokens.expiresAt ?? Date.now() + 3_600_000, grant: sealedRefreshToken } : null;
      return "authorized";
    },
    async resetGmail() {
      access = null;
      await saveGmailGrant(db, null);
    },
    close() {
      smtp?.close();
    },
  };
}

const GMAIL_GRANT_REJECTED = "Gmail no longer accepts the stored authorization (it was revoked or has expired). Authorize Gmail again in Email Settings.";
const TRANSPORT_NAMES: Record<MailTransportName, string> = { outbox: "The outbox", smtp: "The SMTP server", gmail: "Gmail" };

/** An unreachable server in words; what the connection said goes to the details. */
function inWords(failure: MailDeliveryError, transport: MailTransportName): MailDeliveryError {
  if (failure.type !== "NETWORK_ERROR") return failure;
  const said = [failure.message, failure.details].filter(Boolean).join(": ");
  return new MailDeliveryError("NETWORK_ERROR", `${TRANSPORT_NAMES[transport]} could not be reached, so nothing was sent. Please try again later.`, said);
}

/** The address of a sender written `Name <address>` or as a bare address. */
/** The address of a sender such as "Name <me@example.com>". */
export function addressOf(sender: string): string {
  return /<([^<>]+)>\s*$/.exec(sender)?.[1]?.trim() ?? sender.trim();
}

/** Header values never carry a line break (no injected Bcc or second header). */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ");
}

async function markOutboxMessage(db: Database, id: string, change: Partial<typeof outboxMessages.$inferInsert>) {
  await db.update(outboxMessages).set(change).where(eq(outboxMessages.id, id));
}
