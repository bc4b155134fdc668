import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_ORIGIN, TEST_SECRET, type TestApp } from "../../test/build-test-app";
import { startSmtpMailbox, type SmtpMailbox } from "../../test/smtp-mailbox";
import { sendDueNotificationMails } from "../notifications/notification-emails.job";
import { seasonedMember, started } from "./messages.test-support";

let t: TestApp;
let smtp: SmtpMailbox;

beforeAll(async () => {
  smtp = await startSmtpMailbox();
  t = await buildTestApp({ SEED_DEMO: "false", SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("a message mailed at once", () => {
  it("says who wrote and links to the conversation, with the opening words only", async () => {
    const [ada, bob] = [await seasonedMember(t, "inventor", "Ada Lovelace"), await seasonedMember(t, "inventor", "Bob Builder")];
    const body = `${"My engine design notes, part one. ".repeat(6)}THE SECRET ENDING`;
    const { conversationId } = await started(t, ada, bob, body);
    await sendDueNotificationMails({ db: t.database.db, mailer: t.mailer, logger: pino({ level: "silent" }), baseUrl: TEST_ORIGIN, secret: TEST_SECRET });
    const [mail] = smtp.to(bob.email);
    expect(mail?.subject).toBe("Ada Lovelace sent you a message");
    expect(mail?.text).toContain(`${TEST_ORIGIN}/members/messages/${conversationId}`);
    expect(mail?.text).toContain("My engine design notes, part one.");
    expect(mail?.text).not.toContain("THE SECRET ENDING");
    expect(smtp.to(ada.email)).toEqual([]);
  });
});
