import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { forgetPost, notifyDecision } from "./community-notifications";
import { MODERATION_MESSAGES, type MemberActionSchema, type ModerationQueueQuerySchema, type ModerationDecision, type ModerationItem, type ModerationQueue, type MemberActionResult, type PostModeration } from "../../../common/contracts/community";
import type { ModerationAuditAction } from "../../../common/contracts/community";
import type { z } from "zod";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { getGeneralSettings } from "../settings/settings.service";
import { recordAudit, type AuditChange } from "../users/audit-log";
import { POST_NOT_FOUND, REPLY_NOT_FOUND } from "./community-access";
import { toAuthor } from "./community-dto";
import { recordFlagOutcomes } from "./flag-weight";
import { communityPosts, communityReplies } from "./community.table";
import { suspensionMail, warningMail } from "./moderation-mail";
import { communityFlags, communitySuspensions } from "./moderation.table";
import { suspensionEndText } from "./suspensions";
import { lockPost, setPostHidden, setReplyHidden } from "./visibility";

const EXCERPT = 200;

type Kind = "post" | "reply";
export const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);
type QueueQuery = z.output<typeof ModerationQueueQuerySchema>;

const authorColumns = {
  authorId: users.id,
  authorName: users.name,
  authorTier: users.membershipTier,
  authorImage: users.image,
  authorEmail: users.email,
  suspendedUntil: communitySuspensions.until,
};

/** Both drivers answer raw SQL with `{ rows }`. */
interface QueryRows<T> {
  rows: T[];
}

/**
 * One page of the posts and replies with open flags, the item whose oldest open flag is oldest first,
 * each with all its open flags (who, why, when); the total counts every such item.
 */
export async function readModerationQueue(db: Database, { page, pageSize }: QueueQuery): Promise<ModerationQueue> {
  const open = isNull(communityFlags.resolvedAt);
  const [pageItems, counted] = await Promise.all([
    db
      .select({ postId: communityFlags.postId, replyId: communityFlags.replyId })
      .from(communityFlags)
      .where(open)
      .groupBy(communityFlags.postId, communityFlags.replyId)
      .orderBy(sql`min(${communityFlags.createdAt})`, sql`min(${communityFlags.id})`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.execute(sql`select count(*)::int as total from (select 1 from ${communityFlags} where ${open} group by ${communityFlags.postId}, ${communityFlags.replyId}) as items`) as unknown as Promise<QueryRows<{ total: number }>>,
  ]);
  const total = Number(counted.rows[0]?.total ?? 0);
  const postIds = pageItems.flatMap((item) => (item.postId !== null ? [item.postId] : []));
  const replyIds = pageItems.flatMap((item) => (item.replyId !== null ? [item.replyId] : []));
  const onPage = or(postIds.length > 0 ? inArray(communityFlags.postId, postIds) : undefined, replyIds.length > 0 ? inArray(communityFlags.replyId, replyIds) : undefined);
  if (!onPage) return { items: [], total, page, pageSize };
  const [flags, posts, replies] = await Promise.all([
    db
      .select({ postId: communityFlags.postId, replyId: communityFlags.replyId, reason: communityFlags.reason, createdAt: communityFlags.createdAt, by: users.name })
      .from(communityFlags)
      .innerJoin(users, eq(users.id, communityFlags.userId))
      .where(and(open, onPage))
      .orderBy(asc(communityFlags.createdAt), asc(communityFlags.id)),
    postIds.length === 0
      ? []
      : db
          .select({ id: communityPosts.id, postId: communityPosts.id, content: communityPosts.content, hidden: communityPosts.hidden, postedAsAdmin: communityPosts.postedAsAdmin, createdAt: communityPosts.createdAt, ...authorColumns })
          .from(communityPosts)
          .leftJoin(users, eq(users.id, communityPosts.authorId))
          .leftJoin(communitySuspensions, and(eq(communitySuspensions.userId, communityPosts.authorId), sql`${communitySuspensions.until} > now()`))
          .where(inArray(communityPosts.id, postIds)),
    replyIds.length === 0
      ? []
      : db
          .select({ id: communityReplies.id, postId: communityReplies.postId, content: communityReplies.content, hidden: communityReplies.hidden, postedAsAdmin: communityReplies.postedAsAdmin, createdAt: communityReplies.createdAt, ...authorColumns })
          .from(communityReplies)
          .leftJoin(users, eq(users.id, communityReplies.authorId))
          .leftJoin(communitySuspensions, and(eq(communitySuspensions.userId, communityReplies.authorId), sql`${communitySuspensions.until} > now()`))
          .where(inArray(communityReplies.id, replyIds)),
  ]);
  const keyOf = (item: { postId: number | null; replyId: number | null }) => (item.postId !== null ? `post:${item.postId}` : `reply:${item.replyId}`);
  const flagsByItem = new Map<string, ModerationItem["flags"]>();
  for (const flag of flags) {
    const list = flagsByItem.get(keyOf(flag)) ?? [];
    list.push({ by: flag.by, reason: flag.reason, createdAt: flag.createdAt.toISOString() });
    flagsByItem.set(keyOf(flag), list);
  }
  const rows = new Map<string, { kind: Kind; row: (typeof posts)[number] }>();
  for (const row of posts) rows.set(`post:${row.id}`, { kind: "post", row });
  for (const row of replies) rows.set(`reply:${row.id}`, { kind: "reply", row });
  const items: ModerationItem[] = [];
  for (const item of pageItems) {
    const found = rows.get(keyOf(item));
    const itemFlags = flagsByItem.get(keyOf(item));
    // Decided or deleted between the two reads: it has left the queue.
    if (!found || !itemFlags) continue;
    const { kind, row } = found;
    items.push({
      kind,
      id: row.id,
      postId: row.postId,
      content: excerpt(row.content),
      // The queue names the real author even of an admin's post: admins moderate admins' words too.
      author: toAuthor({ ...row, postedAsAdmin: false }),
      authorEmail: row.authorEmail,
      authorSuspendedUntil: row.suspendedUntil?.toISOString() ?? null,
      hidden: row.hidden,
      createdAt: row.createdAt.toISOString(),
      flags: itemFlags,
    });
  }
  return { items, total, page, pageSize };
}

/** The item's author and text for the audit entry; 404 when the item is gone. */
async function itemFacts(tx: Database, kind: Kind, id: number) {
  const table = kind === "post" ? communityPosts : communityReplies;
  const [row] = await tx
    .select({ postId: kind === "post" ? communityPosts.id : communityReplies.postId, hidden: table.hidden, content: table.content, authorId: users.id, authorEmail: users.email })
    .from(table)
    .leftJoin(users, eq(users.id, table.authorId))
    .where(eq(table.id, id));
  if (!row) throw new AppError("NOT_FOUND", kind === "post" ? POST_NOT_FOUND : REPLY_NOT_FOUND);
  return row;
}

const DECISION_AUDIT: Record<ModerationDecision, ModerationAuditAction> = { approve: "moderate-approve", hide: "moderate-hide", delete: "moderate-delete" };

/**
 * Approve (shown again, flags closed), hide (out of members' sight, flags closed) or delete (gone with
 * its flags, replies and likes), with its audit entry in the same transaction. Each open flag first
 * counts for its member as upheld or rejected (approve: the flag was wrong), which weighs their later flags.
 */
export async function decide(db: Database, admin: Viewer, kind: Kind, id: number, decision: ModerationDecision): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const before = await itemFacts(txDb, kind, id);
    await lockPost(txDb, before.postId);
    const item = kind === "post" ? eq(communityFlags.postId, id) : eq(communityFlags.replyId, id);
    await notifyDecision(txDb, decision, { kind, id, postId: before.postId, authorId: before.authorId, content: before.content });
    await recordFlagOutcomes(txDb, item, decision !== "approve");
    if (decision === "delete") await deleteItem(txDb, kind, id, before.postId, before.hidden);
    else {
      await txDb
        .update(communityFlags)
        .set({ resolvedAt: sql`now()` })
        .where(and(item, isNull(communityFlags.resolvedAt)));
      const hidden = decision === "hide";
      if (kind === "post") await setPostHidden(txDb, id, hidden);
      else await setReplyHidden(txDb, id, before.postId, hidden);
    }
    await recordAudit(txDb, admin, [
      auditOf(DECISION_AUDIT[decision], before, { [kind]: id, content: excerpt(before.content), hidden: before.hidden }, decision === "delete" ? null : { hidden: decision === "hide" }),
    ]);
  });
}

async function deleteItem(tx: Database, kind: Kind, id: number, postId: number, hidden: boolean): Promise<void> {
  if (kind === "post") {
    await tx.delete(communityPosts).where(eq(communityPosts.id, id));
    await forgetPost(tx, id);
    return;
  }
  await tx.delete(communityReplies).where(eq(communityReplies.id, id));
  if (!hidden) {
    await tx
      .update(communityPosts)
      .set({ replyCount: sql`${communityPosts.replyCount} - 1` })
      .where(eq(communityPosts.id, postId));
  }
}

function auditOf(
  action: ModerationAuditAction,
  author: { authorId: string | null; authorEmail: string | null },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange {
  // A deleted author's words stay: the entry then names no account.
  return { action, targetId: author.authorId ?? "", targetEmail: author.authorEmail ?? "Deleted member", before, after };
}

type MemberAction = z.output<typeof MemberActionSchema>;

/** Warn, or suspend for N days, with the admin's message mailed to the member and an audit entry. */
export async function actOnMember(db: Database, mailer: Mailer, admin: Viewer, userId: string, input: MemberAction): Promise<MemberActionResult> {
  const [member] = await db.select({ id: users.id, name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  if (!member) throw new AppError("NOT_FOUND", "Member not found");
  if (member.role === "admin") throw new AppError("BAD_REQUEST", "Admins cannot be warned or suspended");
  const { communityName } = await getGeneralSettings(db);
  const target = { authorId: member.id, authorEmail: member.email };
  if (input.action === "warn") {
    await recordAudit(db, admin, [auditOf("warn-member", target, null, { message: input.message })]);
    await mailer.send(warningMail(member, input.message, communityName));
    return { suspendedUntil: null };
  }
  const days = input.days ?? 1;
  const until = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [row] = await txDb
      .insert(communitySuspensions)
      .values({ userId, until: sql`now() + make_interval(days => ${days})`, message: input.message })
      .onConflictDoUpdate({ target: communitySuspensions.userId, set: { until: sql`excluded.until`, message: sql`excluded.message`, createdAt: sql`now()` } })
      .returning({ until: communitySuspensions.until });
    if (!row) throw new AppError("INTERNAL", "Suspension not saved");
    await recordAudit(txDb, admin, [auditOf("suspend-member", target, null, { days, until: row.until.toISOString(), message: input.message })]);
    return row.until;
  });
  await mailer.send(suspensionMail(member, input.message, suspensionEndText(until), communityName));
  return { suspendedUntil: until.toISOString() };
}

/** Ends a suspension before its date; the member may post again at once. */
export async function liftSuspension(db: Database, admin: Viewer, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [lifted] = await txDb
      .delete(communitySuspensions)
      .where(and(eq(communitySuspensions.userId, userId), sql`${communitySuspensions.until} > now()`))
      .returning({ until: communitySuspensions.until });
    if (!lifted) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.notSuspended);
    const [member] = await txDb.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordAudit(txDb, admin, [auditOf("lift-suspension", { authorId: userId, authorEmail: member?.email ?? null }, { until: lifted.until.toISOString() }, null)]);
  });
}

/** Pin (shown first: the feed's featured order) and lock (no new replies), each change audited. */
export async function moderatePost(db: Database, admin: Viewer, postId: number, change: PostModeration): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const before = await itemFacts(txDb, "post", postId);
    const [current] = await txDb.select({ featured: communityPosts.featured, locked: communityPosts.locked }).from(communityPosts).where(eq(communityPosts.id, postId)).for("no key update");
    if (!current) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    const changes: AuditChange[] = [];
    const facts = { post: postId, content: excerpt(before.content) };
    if (change.pinned !== undefined && change.pinned !== current.featured) changes.push(auditOf(change.pinned ? "pin-post" : "unpin-post", before, facts, { pinned: change.pinned }));
    if (change.locked !== undefined && change.locked !== current.locked) changes.push(auditOf(change.locked ? "lock-post" : "unlock-post", before, facts, { locked: change.locked }));
    if (changes.length === 0) return;
    await txDb
      .update(communityPosts)
      .set({ featured: change.pinned ?? current.featured, locked: change.locked ?? current.locked })
      .where(eq(communityPosts.id, postId));
    await recordAudit(txDb, admin, changes);
  });
}
