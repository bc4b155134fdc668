import { z } from "zod";

/** GET /api/admin/users/export.csv?search=: the accounts User Management's search matches, newest first. */
export const MembersExportQuerySchema = z.object({ search: z.string().trim().max(200).default("") });

/** What an uploaded members file may hold. */
export const IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 20_000, maxNotes: 2_000, maxName: 120 } as const;

export const MEMBER_IMPORT_MESSAGES = {
  noFile: "Choose a CSV file to upload.",
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB. Split it into smaller files and import them one after another.`,
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")} members. Split it into smaller files and import them one after another.`,
  empty: "The file has no members below its header row.",
  unreadable: (reason: string) => `The file could not be read as CSV: ${reason}`,
  missingColumns: (missing: string[]) => `The file's first row must name the columns. Missing: ${missing.join(", ")}. Expected: name, email, tier, joined, notes.`,
  notFound: "This import does not exist any more. Upload the file again.",
  alreadyConfirmed: "This import was already confirmed.",
  nothingToImport: "No row of this file can be imported: fix the problems listed and upload it again.",
  complimentaryUntilRequired: "Choose until when the paid tiers are complimentary.",
  complimentaryUntilPast: "The complimentary period must end after today.",
  rowsGone: "This file's rows were deleted after seven days. Upload it again.",
} as const;

/** One row the dry run found wrong; it is skipped by the import. */
export const ImportProblemSchema = z.object({ row: z.number().int(), email: z.string(), problems: z.array(z.string()) });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const MEMBER_IMPORT_STATUSES = ["checked", "running", "done"] as const;

/** GET /api/admin/member-imports/:id, and the upload's answer: the dry run's findings, then the job's progress. */
export const MemberImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(MEMBER_IMPORT_STATUSES),
  totalRows: z.number().int(),
  /** Rows that will become new accounts. */
  toCreate: z.number().int(),
  /** Rows whose member already exists with that tier: nothing to do. */
  unchanged: z.number().int(),
  problemRows: z.number().int(),
  /** Rows to create with a paid tier: they need a complimentary end date. */
  paidRows: z.number().int(),
  problems: z.array(ImportProblemSchema),
  complimentaryUntil: z.string().nullable(),
  processed: z.number().int(),
  created: z.number().int(),
  existed: z.number().int(),
  invitesSent: z.number().int(),
  invitesFailed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MemberImport = z.infer<typeof MemberImportSchema>;

/** POST /api/admin/member-imports/:id/confirm: runs the import; paid tiers are complimentary until this day (YYYY-MM-DD, UTC). */
export const ConfirmImportSchema = z.object({ complimentaryUntil: z.iso.date({ error: MEMBER_IMPORT_MESSAGES.complimentaryUntilRequired }).optional() }).strict();
export type ConfirmImportInput = z.infer<typeof ConfirmImportSchema>;

/** GET /api/account/complimentary: the signed-in member's complimentary tier and its last day, or null. */
export const ComplimentarySchema = z.object({ tier: z.string(), until: z.string() }).nullable();
export type Complimentary = z.infer<typeof ComplimentarySchema>;
