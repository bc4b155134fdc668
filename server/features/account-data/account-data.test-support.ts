import { sql } from "drizzle-orm";
import { expect } from "vitest";
import yauzl from "yauzl";
import { subscriptions } from "../../billing/billing.table";
import type { Database } from "../../db/client";
import { postJson, type TestApp } from "../../test/build-test-app";
import { eq } from "drizzle-orm";

/** Every entry of a zip, by name (tests only: the archive is small). */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Both drivers answer raw SQL with `{ rows }`. */
interface QueryRows<T> {
  rows: T[];
}

/**
 * Every table of the database (every schema but the system's, pg-boss's jobs included) whose rows
 * mention `needle` anywhere, whatever the case: `table (n rows)`.
 */
export async function tablesMentioning(db: Database, needle: string): Promise<string[]> {
  const tables = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`)) as unknown as QueryRows<{ schema: string; name: string }>;
  const found: string[] = [];
  for (const table of tables.rows) {
    const qualified = sql.raw(`"${table.schema}"."${table.name}"`);
    const result = (await db.execute(sql`select count(*)::int as n from ${qualified} row where position(${needle.toLowerCase()} in lower(row::text)) > 0`)) as unknown as QueryRows<{ n: number }>;
    const count = Number(result.rows[0]?.n ?? 0);
    if (count > 0) found.push(`${table.schema}.${table.name} (${count} rows)`);
  }
  return found;
}

/** Pays a local test-mode checkout; returns the provider's subscription id. */
export async function subscribeLocally(t: TestApp, cookie: string, userId: string, plan: "inventor" | "entrepreneur" | "brand-ceo"): Promise<string> {
  const started = await postJson(t.app, "/api/billing/checkout", { plan }, { cookie });
  expect(started.statusCode).toBe(200);
  const sessionId = String(started.json().url).split("/billing/checkout/")[1] ?? "";
  const paid = await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242 4242 4242 4242" }, { cookie });
  expect(paid.statusCode).toBe(200);
  const [row] = await t.database.db.select({ subscriptionId: subscriptions.subscriptionId, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, userId));
  expect(row?.status).toBe("active");
  return row?.subscriptionId ?? "";
}

/** Waits for `check` to hold (background jobs), up to `ms`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
