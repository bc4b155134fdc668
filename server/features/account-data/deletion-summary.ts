import { and, count, eq, inArray } from "drizzle-orm";
import type { AccountDataSummary } from "../../../common/contracts/account-data";
import { subscriptions } from "../../billing/billing.table";
import { LIVE_STATUSES } from "../../billing/provider";
import { communityPosts, communityReplies } from "../community/community.table";
import { mediaItems } from "../media/media.table";
import type { AccountDataDeps } from "./account-data-deps";
import { isLastActiveAdmin } from "./account-deletion.service";
import { hasPassword } from "./reauthentication";

/** What the danger zone states before anything happens: how to confirm, and what goes or stays. */
export async function deletionSummary({ db }: Pick<AccountDataDeps, "db">, userId: string): Promise<AccountDataSummary["deletion"]> {
  const [withPassword, lastAdmin, [posts], [replies], [uploads], [live]] = await Promise.all([
    hasPassword(db, userId),
    isLastActiveAdmin(db, userId),
    db.select({ value: count() }).from(communityPosts).where(eq(communityPosts.authorId, userId)),
    db.select({ value: count() }).from(communityReplies).where(eq(communityReplies.authorId, userId)),
    db.select({ value: count() }).from(mediaItems).where(eq(mediaItems.uploadedBy, userId)),
    db.select({ value: count() }).from(subscriptions).where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES]))),
  ]);
  return {
    confirmBy: withPassword ? "password" : "email",
    posts: Number(posts?.value ?? 0),
    replies: Number(replies?.value ?? 0),
    uploads: Number(uploads?.value ?? 0),
    isLastAdmin: lastAdmin,
    hasLiveSubscription: Number(live?.value ?? 0) > 0,
  };
}
