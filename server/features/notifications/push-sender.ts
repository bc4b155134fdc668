import type { Agent } from "node:https";
import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import webpush from "web-push";
import type { Database } from "../../db/client";
import { readForMail } from "./notification-recipients";
import { pushSubscriptions } from "./notifications.table";
import type { VapidKeys } from "./push-keys";

export interface PushDeps {
  db: Database;
  logger: Logger;
  vapidKeys: () => Promise<VapidKeys>;
  /** The contact push services may use about our pushes: `mailto:` MAIL_FROM's address. */
  subject: string;
  /** Connects only to public addresses (news/safe-fetch.ts `guardedLookup`): an endpoint is a member's input. */
  agent: Agent;
}

const CLAIM_BATCH = 20;
/** A push kept by the push service this long for a device that is off, then dropped. */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;
/** A push service's answer for a subscription that no longer exists. */
const GONE = new Set([404, 410]);

/** What the service worker shows (web/service-worker/sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Pushes every notification due to the devices of its member, as the mails are sent
 * (notification-emails.job.ts): claimed first, once each across instances, never one the member
 * read or may no longer see. A device the push service says is gone is forgotten.
 */
export async function sendDuePushes(deps: PushDeps): Promise<number> {
  const { db } = deps;
  await db.execute(sql`update notifications set push_state = 'due', push_claimed_at = null where push_state = 'sending' and push_claimed_at < now() - interval '10 minutes'`);
  let pushed = 0;
  for (;;) {
    const claimed = (await db.execute(sql`
      update notifications set push_state = 'sending', push_claimed_at = now()
      where id in (select id from notifications where push_state = 'due' order by created_at limit ${CLAIM_BATCH} for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: number | string }> };
    if (claimed.rows.length === 0) return pushed;
    const keys = await deps.vapidKeys();
    for (const { recipient, item, visible } of await readForMail(db, claimed.rows.map((row) => Number(row.id)))) {
      if (visible && !item.read) {
        const payload: PushPayload = { title: item.text, body: item.excerpt, url: item.link, tag: `notification-${item.id}` };
        const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, recipient.userId));
        for (const device of devices) if (await pushTo(deps, keys, device, payload)) pushed += 1;
      }
      await db.execute(sql`update notifications set push_state = 'sent' where id = ${item.id}`);
    }
  }
}

async function pushTo(deps: PushDeps, keys: VapidKeys, device: typeof pushSubscriptions.$inferSelect, payload: PushPayload): Promise<boolean> {
  try {
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      timeout: PUSH_TIMEOUT_MS,
      agent: deps.agent,
    });
    return true;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && GONE.has(status)) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return false;
    }
    deps.logger.warn({ err: error, userId: device.userId, status }, "push not delivered");
    return false;
  }
}
