import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../test/test-database";
import { createMailer } from "./mailer";
import { outboxMessages } from "./outbox.table";
import { startSmtpMailbox, type SmtpMailbox } from "../test/smtp-mailbox";

let database: DatabaseHandle;
let smtp: SmtpMailbox;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpMailbox();
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

const logger = pino({ level: "silent" });
const message = { to: "member@example.com", subject: "Hello\r\nBcc: victim@example.com", text: "Plain body", html: "<p>HTML body</p>" };

describe("mailer", () => {
  it("keeps every message in the outbox when no SMTP server is configured", async () => {
    const mailer = createMailer({ db: database.db, logger, from: "Community <support@example.com>" });
    const result = await mailer.send(message);
    expect(result.status).toBe("stored");
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id));
    expect(row).toMatchObject({ to: "member@example.com", transport: "outbox", status: "stored", html: "<p>HTML body</p>" });
  });

  it("stores and sends a subject without its line breaks, whichever of CR, LF or CRLF it holds", async () => {
    const mailer = createMailer({ db: database.db, logger, from: "Community <support@example.com>", smtpUrl: smtp.url });
    const result = await mailer.send({ ...message, subject: "Hi\rX-Injected: 1\nBcc: victim@example.com\r\n\r\nBody" });
    mailer.close();
    expect(result.status).toBe("sent");
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id));
    expect(row?.subject).toBe("Hi X-Injected: 1 Bcc: victim@example.com Body");
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe("Hi X-Injected: 1 Bcc: victim@example.com Body");
    expect(mail?.headers.get("x-injected")).toBeUndefined();
    expect(mail?.headers.get("bcc")).toBeUndefined();
  });

  it("names the sender as the community is named at the moment of sending, from MAIL_FROM's address", async () => {
    let communityName = "Maker Guild";
    const mailer = createMailer({ db: database.db, logger, from: "Inventors Community <support@example.com>", senderName: async () => communityName, smtpUrl: smtp.url });
    await mailer.send(message);
    expect(smtp.received.at(-1)?.from?.value).toEqual([{ name: "Maker Guild", address: "support@example.com" }]);
    communityName = "Garage Inventors\r\nBcc: victim@example.com";
    await mailer.send(message);
    mailer.close();
    expect(smtp.received.at(-1)?.from?.value).toEqual([{ name: "Garage Inventors Bcc: victim@example.com", address: "support@example.com" }]);
    expect(smtp.received.at(-1)?.headers.get("bcc")).toBeUndefined();
  });

  it("delivers through SMTP, strips header injection from the subject, and records the delivery", async () => {
    const mailer = createMailer({ db: database.db, logger, from: "Community <support@example.com>", smtpUrl: smtp.url });
    const result = await mailer.send(message);
    mailer.close();
    expect(result.status).toBe("sent");
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe("Hello Bcc: victim@example.com");
    expect(mail?.headers.get("bcc")).toBeUndefined();
    expect(mail?.text?.trim()).toBe("Plain body");
    expect(mail?.from?.text).toContain("support@example.com");
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id));
    expect(row).toMatchObject({ transport: "smtp", status: "sent", subject: "Hello Bcc: victim@example.com" });
    expect(row?.sentAt).not.toBeNull();
  });

  it("marks the message failed, keeping it, when the SMTP server is down", async () => {
    const mailer = createMailer({ db: database.db, logger, from: "support@example.com", smtpUrl: "smtp://127.0.0.1:1" });
    const result = await mailer.send(message);
    mailer.close();
    expect(result.status).toBe("failed");
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id));
    expect(row?.status).toBe("failed");
    expect(row?.error).toBeTruthy();
  });
});
