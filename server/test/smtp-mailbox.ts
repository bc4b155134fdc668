import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in the test's process that parses and keeps every message it accepted, for
 * tests that read what a member was mailed (server/reliability/smtp-inbox.ts only counts recipients).
 */
export interface SmtpMailbox {
  url: string;
  port: number;
  /** In the order the messages were accepted. */
  received: ParsedMail[];
  /** The messages addressed (To) to `email`. */
  to(email: string): ParsedMail[];
  close(): Promise<void>;
}

/** `refuse` names recipients the server answers 550 for, as a mailbox that does not exist. */
export async function startSmtpMailbox({ refuse = new Set<string>() }: { refuse?: ReadonlySet<string> } = {}): Promise<SmtpMailbox> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) return callback(Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    to: (email) => received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((address) => address.address === email)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
