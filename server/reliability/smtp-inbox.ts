import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * An SMTP server in the test's process that keeps every recipient it accepted a message for, and
 * can hold messages (accepted by the client, not yet answered) to catch a delivery in flight.
 */
export interface SmtpInbox {
  url: string;
  /** One entry per message per recipient, in the order the messages were accepted. */
  recipients: string[];
  /** Messages waiting for `release()`. */
  held(): number;
  /** From now on, answer no message until `release()`. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const recipients: string[] = [];
  let gate: Promise<void> | null = null;
  let open = () => {};
  let waiting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        void (async () => {
          if (gate) {
            waiting += 1;
            await gate;
            waiting -= 1;
          }
          for (const address of session.envelope.rcptTo) recipients.push(address.address.toLowerCase());
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    recipients,
    held: () => waiting,
    hold() {
      gate ??= new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
