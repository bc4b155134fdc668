import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { getGeneralSettings } from "../settings/settings.service";
import { notificationMail } from "./notification-mail";
import { readForMail } from "./notification-recipients";
import { notificationUnsubscribeUrl } from "./notification-unsubscribe";

export interface NotificationMailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
}

/** Notifications one run claims at a time. */
const CLAIM_BATCH = 20;

/**
 * Mails every notification whose member chose "Email at once". Each instance runs this every few
 * seconds; a notification is claimed (`sending`) before its mail, so two instances never mail the
 * same one, and a claim left by an instance that died is given back after 10 minutes. A member who
 * can no longer see it (deactivated, downgraded) or already read it in the app is not mailed.
 */
export async function sendDueNotificationMails(deps: NotificationMailDeps): Promise<number> {
  const { db } = deps;
  await db.execute(sql`update notifications set mail_state = 'due', mail_claimed_at = null where mail_state = 'sending' and mail_claimed_at < now() - interval '10 minutes'`);
  let mailed = 0;
  for (;;) {
    const claimed = (await db.execute(sql`
      update notifications set mail_state = 'sending', mail_claimed_at = now()
      where id in (select id from notifications where mail_state = 'due' order by created_at limit ${CLAIM_BATCH} for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: number | string }> };
    if (claimed.rows.length === 0) return mailed;
    const { communityName } = await getGeneralSettings(db);
    for (const { recipient, item, visible } of await readForMail(db, claimed.rows.map((row) => Number(row.id)))) {
      if (visible && !item.read) {
        const unsubscribeUrl = notificationUnsubscribeUrl(deps.baseUrl, deps.secret, recipient.userId, [item.topic]);
        const result = await deps.mailer.send(notificationMail({ to: recipient, item, communityName, baseUrl: deps.baseUrl, unsubscribeUrl }));
        if (result.failure) deps.logger.warn({ userId: recipient.userId, failure: result.failure.message }, "notification email not delivered");
        mailed += 1;
      }
      await db.execute(sql`update notifications set mail_state = 'sent' where id = ${item.id}`);
    }
  }
}
