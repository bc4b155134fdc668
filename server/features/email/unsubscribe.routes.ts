import type { FastifyInstance } from "fastify";
import { unsubscribePage } from "./unsubscribe-page";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { EmailSubscriptionSchema } from "../../../common/contracts/email";
import { users } from "../../auth/auth.table";
import { memberOf, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { escapeHtml } from "../../mail/templates";
import { emailUnsubscribes } from "./email.table";
import { isValidUnsubscribeSignature } from "./unsubscribe-link";

const LinkSchema = z.object({ u: z.string().min(1).max(100), t: z.string().min(1).max(100) });

/**
 * Unsubscribe: the link in a bulk message (GET shows a confirm button, so a mail scanner opening links
 * unsubscribes nobody), the one-click POST mail providers send (RFC 8058), and the member's own opt-in
 * again from the profile.
 */
export async function unsubscribeRoutes(app: FastifyInstance, { db, secret }: { db: Database; secret: string }): Promise<void> {
  await app.register(async (scoped) => {
    // RFC 8058 one-click posts are form-encoded ("List-Unsubscribe=One-Click"); the body carries nothing we need.
    scoped.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    scoped.get("/api/email/unsubscribe", async (request, reply) => {
      const link = LinkSchema.safeParse(request.query);
      reply.type("text/html; charset=utf-8");
      if (!link.success || !isValidUnsubscribeSignature(secret, link.data.u, link.data.t)) {
        return reply.code(400).send(unsubscribePage("Link not valid", "This unsubscribe link is not valid."));
      }
      const action = `/api/email/unsubscribe?u=${encodeURIComponent(link.data.u)}&t=${encodeURIComponent(link.data.t)}`;
      return unsubscribePage("Unsubscribe", "Stop receiving emails sent to all members? You can opt in again from your profile.", `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`);
    });

    scoped.post("/api/email/unsubscribe", async (request, reply) => {
      const link = LinkSchema.safeParse(request.query);
      reply.type("text/html; charset=utf-8");
      if (!link.success || !isValidUnsubscribeSignature(secret, link.data.u, link.data.t)) {
        return reply.code(400).send(unsubscribePage("Link not valid", "This unsubscribe link is not valid."));
      }
      // A deleted account's link still answers the same page; there is nobody left to mail.
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.data.u));
      if (user) await db.insert(emailUnsubscribes).values({ userId: user.id }).onConflictDoNothing();
      return unsubscribePage("You are unsubscribed", "You will no longer receive emails sent to all members. You can opt in again from your profile.");
    });
  });

  app.get("/api/profile/email-subscription", { config: { api: { summary: "The viewer's marketing-mail subscription" } }, preHandler: requireMember }, async (request) => {
    const [row] = await db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.userId, memberOf(request).userId));
    return { subscribed: !row };
  });

  app.put("/api/profile/email-subscription", { config: { api: { summary: "Change the viewer's marketing-mail subscription", body: EmailSubscriptionSchema } }, preHandler: requireMember }, async (request) => {
    const { subscribed } = EmailSubscriptionSchema.parse(request.body);
    const userId = memberOf(request).userId;
    if (subscribed) await db.delete(emailUnsubscribes).where(eq(emailUnsubscribes.userId, userId));
    else await db.insert(emailUnsubscribes).values({ userId }).onConflictDoNothing();
    return { subscribed };
  });
}
