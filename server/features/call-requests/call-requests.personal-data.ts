import { asc, eq, inArray, sql } from "drizzle-orm";
import { rateLimits } from "../../auth/rate-limit.table";
import { DELETED_USER_PREFIX } from "../users/audit-log";
import { confirmationLimitKey } from "./call-requests.service";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { callRequests } from "./call-requests.table";

/**
 * Call requests sent from the member's address (theirs only when the address is proven: anyone can
 * type an address into the call form) and those the member handled as an admin.
 */
export const CALL_REQUESTS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "call-requests",
  columns: {
    "call_requests.handled_by_id": {
      action: "anonymise",
      how: "Requests an admin handled stay for the business, with 'deleted user <id>' in place of the admin's email. Requests sent from a proven address of the member are deleted.",
    },
  },
  exportSections: [
    {
      key: "callRequests",
      covers: ["call_requests.handled_by_id"],
      async read({ db, userId, email, emailConfirmed }) {
        const yours = emailConfirmed ? await db.select().from(callRequests).where(eq(sql`lower(${callRequests.email})`, email)).orderBy(asc(callRequests.createdAt)) : [];
        const handled = await db.select({ name: callRequests.name, handledAt: callRequests.handledAt }).from(callRequests).where(eq(callRequests.handledById, userId)).orderBy(asc(callRequests.handledAt));
        return {
          yourRequests: yours.map((row) => ({ name: row.name, email: row.email, phone: row.phone, preferredTimes: row.preferredTimes, topic: row.topic, sentAt: iso(row.createdAt), handledAt: iso(row.handledAt) })),
          // Call requests from a password account's address are not matched: that address was never proven.
          matchedByAddress: emailConfirmed,
          handledByYou: handled.map((row) => ({ name: row.name, handledAt: iso(row.handledAt) })),
        };
      },
    },
  ],
  async erase({ tx, members }) {
    await tx.update(callRequests).set({ handledByEmail: sql`${DELETED_USER_PREFIX} || ${callRequests.handledById}` }).where(inArray(callRequests.handledById, members.map((member) => member.id)));
    await tx.delete(rateLimits).where(inArray(rateLimits.key, members.map((member) => confirmationLimitKey(member.email))));
    const proven = members.filter((member) => member.emailConfirmed).map((member) => member.email);
    if (proven.length > 0) await tx.delete(callRequests).where(inArray(sql`lower(${callRequests.email})`, proven));
  },
};
