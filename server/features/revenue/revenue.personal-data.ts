import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { iso, PAGE_SIZE, pagesOf, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { subscriptionEvents } from "./revenue.table";

/**
 * The member's subscription history (what the revenue figures are computed from). Deleting the
 * account keeps the events without it: `user_id` becomes null and only the random `member_key`
 * holds them together, so past months' figures do not change; what the member wrote with a
 * cancellation reason is erased.
 */
export const REVENUE_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "revenue",
  columns: {
    "subscription_events.user_id": {
      action: "anonymise",
      how: "The subscription history stays for the revenue figures without the account (an opaque random key instead); text written with a cancellation reason is erased.",
    },
  },
  exportSections: [
    {
      key: "subscriptionHistory",
      covers: ["subscription_events.user_id"],
      records: ({ db, userId }) => db.$count(subscriptionEvents, eq(subscriptionEvents.userId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: number } | null) =>
            db
              .select()
              .from(subscriptionEvents)
              .where(and(eq(subscriptionEvents.userId, userId), after ? gt(subscriptionEvents.id, after.id) : undefined))
              .orderBy(asc(subscriptionEvents.id))
              .limit(PAGE_SIZE),
          (row) => ({
            event: row.kind,
            at: iso(row.occurredAt),
            status: row.stateAfter,
            plan: row.tierAfter,
            monthlyCents: row.stateAfter ? row.mrrAfterCents : null,
            couponCode: row.couponCode,
            reason: row.reason,
            detail: row.detail,
          }),
        ),
    },
  ],
  async erase({ tx, members }) {
    const ids = members.map((member) => member.id);
    await tx.update(subscriptionEvents).set({ detail: null }).where(and(inArray(subscriptionEvents.userId, ids), isNotNull(subscriptionEvents.detail)));
  },
};
