import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { CONTENT_MESSAGES, type ContentLevel } from "../../../common/content";
import type { Role, Tier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import type { Database } from "../../db/client";
import type { WorkerDefinition } from "../../jobs/job-queue";
import { QUEUES } from "../../jobs/queues";
import type { Mailer } from "../../mail/mailer";
import { unsubscribeUrl, type UnsubscribeList } from "../email/unsubscribe-link";
import { postLevelsFor } from "../content/access.policy";
import { getGeneralSettings } from "../settings/settings.service";
import { communityPosts, communityReplies } from "./community.table";
import { DEFAULT_DELIVERY, type NotificationDelivery } from "../../../common/contracts/notifications";
import { notifyMention } from "./community-notifications";
import { blockedActor } from "../notifications/notify";
import { mentionMail } from "./mention-mail";
import { isNamedIn, mentionCandidates } from "./mentions";
import { mentionNotices } from "./moderation.table";

export interface MentionJob {
  kind: "post" | "reply";
  id: number;
  /** Members the writer picked from the mention list (ids); absent in jobs queued before the list existed. */
  picked?: string[];
}

/** The one-click link of mention emails; signed under its own scope, so it never unsubscribes from bulk email. */
export const MENTION_EMAILS: UnsubscribeList = { path: "/api/community/mentions/unsubscribe", scope: "mention-emails" };

export interface MentionWorkerDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
}

/**
 * Tells every member a new or edited post or reply mentions, in the app and by mail for those who
 * chose email; at least once per job, at most once per member and item.
 */
export function mentionWorker(deps: MentionWorkerDeps): WorkerDefinition<MentionJob> {
  return { queue: QUEUES.communityMentions, expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 30, handler: (job) => notifyMentions(deps, job.data) };
}

interface Mentioned {
  id: string;
  name: string;
  email: string;
  role: Role;
  membership_tier: Tier;
  /** Their choice for mentions (notification preferences). */
  delivery: NotificationDelivery;
}

async function notifyMentions(deps: MentionWorkerDeps, job: MentionJob): Promise<void> {
  const { db } = deps;
  const item = await loadItem(db, job);
  // Gone, or hidden by flags or an admin: nobody is sent to read it.
  if (!item || item.hidden) return;
  const candidates = mentionCandidates(item.content);
  if (candidates.length === 0) return;
  const members = await membersNamedIn(db, candidates, job.picked ?? [], item.authorId);
  const { communityName } = await getGeneralSettings(db);
  for (const member of members) {
    // Someone who cannot open the post is not told about it.
    if (!postLevelsFor({ role: member.role, membershipTier: member.membership_tier, isActive: true, secondFactorMissing: false }).includes(item.accessLevel)) continue;
    const notice = job.kind === "post" ? { postId: job.id, userId: member.id } : { replyId: job.id, userId: member.id };
    const fresh = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const inserted = await txDb.insert(mentionNotices).values(notice).onConflictDoNothing().returning({ userId: mentionNotices.userId });
      if (inserted.length > 0) await notifyMention(txDb, { userId: member.id, authorId: item.authorId, postId: item.postId, content: item.content, accessLevel: item.accessLevel, itemKey: `${job.kind}:${job.id}` });
      return inserted.length > 0;
    });
    if (!fresh || member.delivery !== "email") continue;
    const message = mentionMail({
      to: member,
      authorName: item.postedAsAdmin ? CONTENT_MESSAGES.adminAuthor : (item.authorName ?? CONTENT_MESSAGES.deletedMember),
      kind: job.kind,
      excerpt: item.content.length > 300 ? `${item.content.slice(0, 299)}…` : item.content,
      communityUrl: new URL("/members/community", deps.baseUrl).toString(),
      unsubscribeUrl: unsubscribeUrl(deps.baseUrl, deps.secret, member.id, MENTION_EMAILS),
      communityName,
    });
    const result = await deps.mailer.send(message);
    if (result.failure) deps.logger.warn({ userId: member.id, failure: result.failure.message }, "mention email not delivered");
  }
}

async function loadItem(db: Database, job: MentionJob) {
  if (job.kind === "post") {
    const [post] = await db
      .select({ postId: communityPosts.id, content: communityPosts.content, authorId: communityPosts.authorId, postedAsAdmin: communityPosts.postedAsAdmin, accessLevel: communityPosts.accessLevel, hidden: communityPosts.hidden, authorName: users.name })
      .from(communityPosts)
      .leftJoin(users, eq(users.id, communityPosts.authorId))
      .where(eq(communityPosts.id, job.id));
    return post;
  }
  const [reply] = await db
    .select({
      postId: communityReplies.postId,
      content: communityReplies.content,
      authorId: communityReplies.authorId,
      postedAsAdmin: communityReplies.postedAsAdmin,
      accessLevel: sql<ContentLevel>`${communityPosts.accessLevel}`,
      hidden: sql<boolean>`${communityReplies.hidden} or ${communityPosts.hidden}`,
      authorName: users.name,
    })
    .from(communityReplies)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReplies.postId))
    .leftJoin(users, eq(users.id, communityReplies.authorId))
    .where(eq(communityReplies.id, job.id));
  return reply;
}

/**
 * Who the text mentions, never the author, never a member who turned mentions off:
 * - each member the writer picked from the list whose full name follows an "@" in the text;
 * - for each "@" typed without the list, the active member with the longest full name it starts with
 *   (followed by the end or a character that cannot continue a name), when no other active member
 *   has that name: a name two members share is never guessed.
 */
async function membersNamedIn(db: Database, candidates: string[], picked: string[], authorId: string | null): Promise<Mentioned[]> {
  const textArray = (values: string[]) =>
    values.length === 0
      ? sql`array[]::text[]`
      : sql`array[${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )}]::text[]`;
  const result = (await db.execute(sql`
    select u.id, u.full_name as name, u.email, u.role, u.membership_tier, coalesce(p.delivery, ${DEFAULT_DELIVERY.mentions}) as delivery
    from users u
    left join notification_preferences p on p.user_id = u.id and p.topic = 'mentions'
    where u.is_active
      and u.id is distinct from ${authorId}
      and not ${blockedActor(sql`u.id`, authorId)}
      and coalesce(p.delivery, ${DEFAULT_DELIVERY.mentions}) <> 'off'
      and (
        u.id = any(${textArray(picked)})
        or lower(u.full_name) in (
          select named.name
          from (
            select distinct on (c.position) lower(n.full_name) as name
            from unnest(${textArray(candidates)}) with ordinality as c(text, position)
            join users n on length(n.full_name) > 0
              and starts_with(lower(c.text), lower(n.full_name))
              and (length(c.text) = length(n.full_name) or substr(c.text, length(n.full_name) + 1, 1) !~ '[[:alnum:]_]')
            where n.is_active
            order by c.position, length(n.full_name) desc
          ) as named
          where (select count(*) from users same where same.is_active and lower(same.full_name) = named.name) = 1
        )
      )`)) as unknown as { rows: Mentioned[] };
  // A picked member counts only where the text still names them (an edit may have removed the mention).
  return result.rows.filter((member) => !picked.includes(member.id) || isNamedIn(candidates, member.name));
}
