import { and, eq, or, sql } from "drizzle-orm";
import { rateLimits } from "../../auth/rate-limit.table";
import type { Database } from "../../db/client";
import { outboxMessages } from "../../mail/outbox.table";
import { callRequests } from "../call-requests/call-requests.table";
import { communityPosts, communityReplies } from "../community/community.table";
import { emailErrorLog } from "../email/email.table";
import { invitations } from "../invitations/invitations.table";
import { exportLimitKey } from "./export.service";

/**
 * The member chose to delete what they wrote: their replies (the posts they answered count one reply
 * fewer when it was visible) and their posts, whose replies by others, likes and flags go with them.
 * Updated here rather than through the community's services, in the deletion's transaction.
 */
export async function deleteAuthoredContent(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${communityPosts} set reply_count = greatest(${communityPosts.replyCount} - gone.n, 0)
    from (
      select ${communityReplies.postId} as post_id, count(*)::int as n from ${communityReplies}
      where ${communityReplies.authorId} = ${userId} and not ${communityReplies.hidden}
      group by ${communityReplies.postId}
    ) gone
    where ${communityPosts.id} = gone.post_id`);
  await tx.delete(communityReplies).where(eq(communityReplies.authorId, userId));
  await tx.delete(communityPosts).where(eq(communityPosts.authorId, userId));
}

/** True where `column` mentions `email`, whatever the case (position, not like: an address may hold '_' or '%'). */
const mentions = (column: unknown, email: string) => sql`position(${email} in lower(${column})) > 0`;

/**
 * Personal data kept under the member's address rather than their id: mail that names them (an
 * approval request or a call request mailed to admins), delivery errors, invitations to the address,
 * sign-in rate-limit counters, and, when the address is proven, the call requests sent from it.
 */
export async function eraseTracesByAddress(tx: Database, member: { id: string; email: string; emailConfirmed: boolean }): Promise<void> {
  const email = member.email.toLowerCase();
  await tx.delete(outboxMessages).where(or(mentions(outboxMessages.subject, email), mentions(outboxMessages.text, email), mentions(outboxMessages.html, email)));
  await tx.delete(emailErrorLog).where(or(mentions(emailErrorLog.recipient, email), mentions(emailErrorLog.message, email), mentions(emailErrorLog.details, email), mentions(emailErrorLog.subject, email)));
  await tx.delete(invitations).where(eq(sql`lower(${invitations.email})`, email));
  // Keys are `ip:<path>:<address>`, `account:<path>:<email>` and `export:<user id>`.
  await tx.delete(rateLimits).where(or(eq(rateLimits.key, exportLimitKey(member.id)), and(sql`${rateLimits.key} like 'account:%'`, sql`right(${rateLimits.key}, ${email.length + 1}) = ${`:${email}`}`)));
  if (member.emailConfirmed) await tx.delete(callRequests).where(eq(sql`lower(${callRequests.email})`, email));
}
