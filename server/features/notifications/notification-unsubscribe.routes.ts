import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { TOPIC_LABELS } from "../../../common/contracts/notifications";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import { escapeHtml } from "../../mail/templates";
import { unsubscribePage } from "../email/unsubscribe-page";
import { updatePreferences } from "./notification-preferences";
import { isValidNotificationUnsubscribe, NOTIFICATION_UNSUBSCRIBE_PATH, NotificationUnsubscribeLinkSchema } from "./notification-unsubscribe";

/**
 * The link in notification emails and digests: GET asks (a mail scanner opening links changes
 * nothing), POST moves the kinds named to "In the app", including the one-click POST of mail
 * providers (RFC 8058, form-encoded).
 */
export async function notificationUnsubscribeRoutes(app: FastifyInstance, { db, secret }: { db: Database; secret: string }): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  const validLink = (query: unknown) => {
    const link = NotificationUnsubscribeLinkSchema.safeParse(query);
    return link.success && isValidNotificationUnsubscribe(secret, link.data.u, link.data.k, link.data.t) ? link.data : null;
  };
  const kindsOf = (topics: readonly (keyof typeof TOPIC_LABELS)[]) => topics.map((topic) => TOPIC_LABELS[topic].title.toLowerCase()).join(", ");

  app.get(NOTIFICATION_UNSUBSCRIBE_PATH, async (request, reply) => {
    const link = validLink(request.query);
    reply.type("text/html; charset=utf-8");
    if (!link) return reply.code(400).send(unsubscribePage("Link not valid", "This unsubscribe link is not valid."));
    const action = `${NOTIFICATION_UNSUBSCRIBE_PATH}?${new URLSearchParams({ u: link.u, k: link.k.join(","), t: link.t }).toString()}`;
    return unsubscribePage(
      "Stop these emails",
      `Stop emails about ${kindsOf(link.k)}? They will still show under the bell in the members area, and you can choose again on your Account page.`,
      `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these emails</button></form>`,
    );
  });

  app.post(NOTIFICATION_UNSUBSCRIBE_PATH, async (request, reply) => {
    const link = validLink(request.query);
    reply.type("text/html; charset=utf-8");
    if (!link) return reply.code(400).send(unsubscribePage("Link not valid", "This unsubscribe link is not valid."));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.u));
    if (user) await updatePreferences(db, user.id, Object.fromEntries(link.k.map((topic) => [topic, "app"])));
    return unsubscribePage("Emails stopped", `You will no longer get emails about ${kindsOf(link.k)}. They still show in the members area.`);
  });
}
