import { asc, eq } from "drizzle-orm";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { memberImportRows, memberImports } from "./member-imports.table";

/**
 * Members imports. The uploaded rows (name, email, tier, joined date, notes) are kept only for the
 * import: deleted once it ran and its invitations went out, or 7 days after the upload at the latest
 * (member-import-cleanup.job.ts). The import's own row keeps counts and the file's name.
 */
export const MEMBER_TRANSFER_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "member-transfer",
  columns: {
    "member_imports.created_by": { action: "anonymise", how: "Imports an admin ran keep their counts, with no admin named." },
    "member_import_rows.user_id": { action: "delete", how: "The uploaded row that created the account goes with it." },
  },
  exportSections: [
    {
      key: "memberImports",
      covers: ["member_imports.created_by", "member_import_rows.user_id"],
      async read({ db, userId }) {
        const [ran, aboutYou] = await Promise.all([
          db.select().from(memberImports).where(eq(memberImports.createdBy, userId)).orderBy(asc(memberImports.createdAt)),
          db
            .select({ name: memberImportRows.name, email: memberImportRows.email, tier: memberImportRows.tier, joinedAt: memberImportRows.joinedAt, notes: memberImportRows.notes, importedAt: memberImports.createdAt })
            .from(memberImportRows)
            .innerJoin(memberImports, eq(memberImports.id, memberImportRows.importId))
            .where(eq(memberImportRows.userId, userId)),
        ]);
        return {
          importedYou: aboutYou.map((row) => ({ name: row.name, email: row.email, tier: row.tier, joined: iso(row.joinedAt), notes: row.notes, importedAt: iso(row.importedAt) })),
          importsYouRan: ran.map((row) => ({ fileName: row.fileName, rows: row.totalRows, created: row.created, uploadedAt: iso(row.createdAt), finishedAt: iso(row.finishedAt) })),
        };
      },
    },
  ],
};
