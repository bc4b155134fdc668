import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { TIERS } from "../../../common/tiers";
import { users } from "../../auth/auth.table";

/**
 * One uploaded members file: checked at upload (the dry run), run by a pg-boss job once confirmed.
 * Counts only, no member's data: what the file held lives in `member_import_rows`, deleted once the
 * import and its invitations are done, or IMPORT_ROWS_KEPT_DAYS after upload (member-import-cleanup).
 */
export const memberImports = pgTable(
  "member_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["checked", "running", "done"] }).notNull().default("checked"),
    totalRows: integer("total_rows").notNull(),
    toCreate: integer("to_create").notNull(),
    unchanged: integer("unchanged").notNull(),
    problemRows: integer("problem_rows").notNull(),
    /** The end of the complimentary grant of imported paid tiers, chosen at confirmation. */
    complimentaryUntil: timestamp("complimentary_until", { withTimezone: true }),
    /** Rows the job has gone through, and what became of them. */
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    /** Found as an account by the time the job reached them (another import, a sign-up). */
    existed: integer("existed").notNull().default(0),
    invitesSent: integer("invites_sent").notNull().default(0),
    invitesFailed: integer("invites_failed").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** When the uploaded rows were deleted (import and invitations done, or kept too long). */
    rowsDeletedAt: timestamp("rows_deleted_at", { withTimezone: true }),
  },
  (table) => [index("member_imports_created_at_idx").on(table.createdAt)],
);

/**
 * The uploaded file's rows as checked, then as imported. Personal data held only for the import:
 * see member-import.personal-data.ts.
 */
export const memberImportRows = pgTable(
  "member_import_rows",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => memberImports.id, { onDelete: "cascade" }),
    /** The spreadsheet's row number: the header is row 1. */
    rowNumber: integer("row_number").notNull(),
    name: text("name").notNull(),
    /** Lower-cased when valid; as typed otherwise, for the report. */
    email: text("email").notNull(),
    tier: text("tier", { enum: TIERS }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    notes: text("notes").notNull(),
    /** What the dry run found wrong; a row with any is skipped. */
    problems: text("problems").array().notNull().default(sql`'{}'::text[]`),
    plan: text("plan", { enum: ["create", "unchanged", "skip"] }).notNull(),
    outcome: text("outcome", { enum: ["created", "existed"] }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    invite: text("invite", { enum: ["pending", "sending", "sent", "failed"] }),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.rowNumber] }),
    index("member_import_rows_todo_idx").on(table.importId, table.rowNumber).where(sql`${table.plan} = 'create' and ${table.outcome} is null`),
    index("member_import_rows_invite_idx").on(table.importId).where(sql`${table.invite} = 'pending'`),
    index("member_import_rows_user_idx").on(table.userId),
  ],
);
