import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { rateLimits } from "../../auth/rate-limit.table";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { accountExports } from "./account-data.table";
import { exportLimitKey } from "./export.service";

/** The member's earlier data exports. */
export const ACCOUNT_DATA_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "account-data",
  columns: {
    "account_exports.user_id": { action: "delete", how: "Prepared exports go with the account, their zips removed from the file store." },
  },
  exportSections: [
    {
      key: "dataExports",
      covers: ["account_exports.user_id"],
      async read({ db, userId }) {
        const rows = await db.select().from(accountExports).where(eq(accountExports.userId, userId)).orderBy(asc(accountExports.requestedAt));
        return rows.map((row) => ({ status: row.status, requestedAt: iso(row.requestedAt), readyAt: iso(row.readyAt), expiresAt: iso(row.expiresAt) }));
      },
    },
  ],
  async filesToRemove({ tx, members }) {
    const rows = await tx
      .select({ fileKey: accountExports.fileKey })
      .from(accountExports)
      .where(and(inArray(accountExports.userId, members.map((member) => member.id)), isNotNull(accountExports.fileKey)));
    return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
  },
  async erase({ tx, members }) {
    await tx.delete(rateLimits).where(inArray(rateLimits.key, members.map((member) => exportLimitKey(member.id))));
  },
};
