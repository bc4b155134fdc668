import { sql } from "drizzle-orm";
import { ACCOUNT_SECTIONS } from "./export-account-sections";
import { ACTIVITY_SECTIONS } from "./export-activity-sections";
import { COMMUNITY_SECTIONS } from "./export-community-sections";
import type { ExportContext, ExportSection } from "./export-context";

/** Every section of data.json, in file order. `export-coverage.test.ts` checks they cover every foreign key to `users`. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [...ACCOUNT_SECTIONS, ...COMMUNITY_SECTIONS, ...ACTIVITY_SECTIONS];

/**
 * Foreign keys to `users` that hold no data about the member worth giving them, with the reason. A
 * new table that references users must be added to a section or here, or the coverage test fails.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  "idempotency_keys.user_id":
    "Idempotency keys: for 24 hours, the answer to each post, reply, upload or checkout the member sent with an Idempotency-Key, kept so a retry is not done twice. Each repeats an item the export already holds; they are deleted with the account.",
};

export const EXPORT_FORMAT_VERSION = 1;

/** data.json as text chunks: lists are written item by item as their pages arrive, never held whole. */
export async function* exportDocument(context: ExportContext, exportedAt: Date): AsyncGenerator<string> {
  yield `{\n  "format": ${EXPORT_FORMAT_VERSION},\n  "exportedAt": ${JSON.stringify(exportedAt.toISOString())}`;
  for (const section of EXPORT_SECTIONS) {
    yield `,\n  ${JSON.stringify(section.key)}: `;
    const value = section.read(context);
    if (isAsyncIterable(value)) {
      let first = true;
      yield "[";
      for await (const item of value) {
        yield `${first ? "" : ","}\n    ${JSON.stringify(item)}`;
        first = false;
      }
      yield first ? "]" : "\n  ]";
    } else {
      yield JSON.stringify(await value, null, 2).replace(/\n/g, "\n  ");
    }
  }
  yield "\n}\n";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** Both drivers answer raw SQL with `{ rows }`. */
interface QueryRows<T> {
  rows: T[];
}

/** How many rows the export's lists hold: with the files' bytes, what decides download or mail. */
export async function countExportRecords({ db, userId }: Pick<ExportContext, "db" | "userId">): Promise<number> {
  const result = (await db.execute(sql`
    select
      (select count(*) from community_posts where author_id = ${userId})
      + (select count(*) from community_replies where author_id = ${userId})
      + (select count(*) from community_post_likes where user_id = ${userId})
      + (select count(*) from community_reply_likes where user_id = ${userId})
      + (select count(*) from sessions where user_id = ${userId})
      + (select count(*) from admin_audit_log where target_id = ${userId} or actor_id = ${userId}) as records`)) as unknown as QueryRows<{ records: number | string }>;
  return Number(result.rows[0]?.records ?? 0);
}
