import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../auth/auth.table";
import { accountExports } from "../features/account-data/account-data.table";
import { tablesMentioning } from "../features/account-data/account-data.test-support";
import { seedEveryTable } from "../features/account-data/member-data.test-support";
import { mediaItems } from "../features/media/media.table";
import { adminAuditLog } from "../features/users/audit-log.table";
import { newFileKey } from "../files/file-store";
import { personalDataDeclarations } from "../personal-data-declarations";
import { outboxMessages } from "../mail/outbox.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const declarations = personalDataDeclarations(null);

interface QueryRows<T> {
  rows: T[];
}

/** Every column that refers to users(id), as `table.column`, with what the database does on delete ('c' cascade, 'n' set null). */
async function userForeignKeys(): Promise<Map<string, string>> {
  const result = (await t.database.db.execute(sql`
    select source.relname as table_name, attribute.attname as column_name, constraint_row.confdeltype as on_delete
    from pg_constraint constraint_row
    join pg_class source on source.oid = constraint_row.conrelid
    join pg_class target on target.oid = constraint_row.confrelid
    join pg_namespace namespace on namespace.oid = target.relnamespace
    join pg_attribute attribute on attribute.attrelid = constraint_row.conrelid and attribute.attnum = any(constraint_row.conkey)
    where constraint_row.contype = 'f' and target.relname = 'users' and namespace.nspname = 'public'`)) as unknown as QueryRows<{ table_name: string; column_name: string; on_delete: string }>;
  return new Map(result.rows.map((row) => [`${row.table_name}.${row.column_name}`, row.on_delete]));
}

describe("every feature declares the personal data it keeps", () => {
  it("declares every column that refers to an account exactly once, in its own feature", async () => {
    const foreignKeys = await userForeignKeys();
    expect(foreignKeys.size).toBeGreaterThan(20);
    const declared = declarations.flatMap((declaration) => Object.keys(declaration.columns));
    // A failure here names the new column: declare it in its feature's *.personal-data.ts.
    expect([...declared].sort()).toEqual([...foreignKeys.keys()].sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("says what deletion does in agreement with the database: cascades delete, and what stays without a link has its foreign key set to null", async () => {
    const foreignKeys = await userForeignKeys();
    for (const declaration of declarations) {
      for (const [column, deletion] of Object.entries(declaration.columns)) {
        const onDelete = foreignKeys.get(column);
        const where = `${declaration.feature}: ${column}`;
        if (deletion.action === "anonymise") expect(onDelete, where).toBe("n");
        // A row kept under a foreign key would stop the account's deletion: nothing referring to users(id) can be kept as it is.
        expect(deletion.action, where).not.toBe("keep");
        // Rows a cascade does not delete are deleted by the feature's own erase step.
        if (deletion.action === "delete" && onDelete !== "c") expect(declaration.erase, where).toBeTypeOf("function");
      }
    }
  });

  it("exports each declared column in a section of its own feature, or says why not", () => {
    for (const declaration of declarations) {
      const covered = declaration.exportSections.flatMap((section) => section.covers);
      const accounted = [...covered, ...Object.keys(declaration.notExported ?? {})].sort();
      expect(accounted, declaration.feature).toEqual(Object.keys(declaration.columns).sort());
    }
    const keys = declarations.flatMap((declaration) => declaration.exportSections.map((section) => section.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("an admin's deletion is built from the same declarations as the member's own", () => {
  it("leaves nothing that names the member, removes their prepared export's file, and keeps their library uploads for the site", async () => {
    const name = "Ottoline Vandersteen";
    const member = await memberCookie(t, "admin", name);
    const other = await memberCookie(t, "brand-ceo", "Bystander Member");
    const admin = await memberCookie(t, "admin", "Deleting Admin");
    const seeded = await seedEveryTable(t, member, other);
    const { db } = t.database;
    const exportKey = newFileKey("exports", "zip");
    await t.files.write(exportKey, Readable.from([Buffer.from("a prepared export")]));
    await db.insert(accountExports).values({ userId: member.userId, status: "ready", fileKey: exportKey, readyAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) });
    // Traces kept under the address: a mail naming them to someone else, a sign-in counter, an invitation waiting there.
    await db.insert(outboxMessages).values({ to: other.email, subject: "New sign-up", text: `${name} <${member.email}> joined`, html: "<p>joined</p>", transport: "outbox", status: "stored" });
    await db.execute(sql`insert into rate_limits (key, count, reset_at) values (${`account:/sign-in/email:${member.email.toLowerCase()}`}, 1, now() + interval '1 hour')`);

    const response = await sendJson(t.app, "DELETE", `/api/admin/users/${member.userId}`, undefined, admin.cookie);
    expect(response.statusCode).toBe(204);

    expect(await tablesMentioning(db, member.email)).toEqual([]);
    expect(await tablesMentioning(db, name)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    expect(await t.files.stat(exportKey)).toBeNull();
    // The library file they uploaded stays for the pages that use it, with no uploader.
    const [upload] = await db.select().from(mediaItems).where(eq(mediaItems.id, seeded.mediaItemId));
    expect(upload).toMatchObject({ uploadedBy: null });
    expect(await t.files.stat(seeded.fileKey)).not.toBeNull();
    const [entry] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "delete-user"), eq(adminAuditLog.targetId, member.userId)));
    expect(entry).toMatchObject({ actorId: admin.userId, targetEmail: `deleted user ${member.userId}` });
  }, 60_000);
});
