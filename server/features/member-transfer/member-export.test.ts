import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { EXPORT_COLUMNS, EXPORT_PAGE_SIZE } from "./members-export";

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin", "Exporting Admin");
});
afterAll(() => t.close());

const exportCsv = (search: string, cookie = admin.cookie) => t.app.inject({ url: `/api/admin/users/export.csv?search=${encodeURIComponent(search)}`, headers: { cookie } });

describe("exporting members as CSV", () => {
  it("is for admins only", async () => {
    expect((await exportCsv("")).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/admin/users/export.csv" })).statusCode).toBe(401);
    expect((await exportCsv("", (await memberCookie(t, "brand-ceo")).cookie)).statusCode).toBe(403);
  });

  it("writes the list's search, every member once across pages of the same instant, and cells a spreadsheet cannot run", async () => {
    const instant = new Date("2025-06-01T10:00:00.123456Z");
    const many = Array.from({ length: EXPORT_PAGE_SIZE + 37 }, (_, index) => ({
      id: `pagewalk-${String(index).padStart(5, "0")}`,
      email: `pagewalk-${index}@export.test`,
      name: `Pagewalk ${index}`,
      createdAt: instant,
    }));
    await t.database.db.insert(users).values(many);
    await t.database.db.insert(users).values([
      { id: "tricky-1", email: "tricky-formula@export.test", name: "=HYPERLINK(\"http://evil\",\"x\")", adminNote: "+1 555, \"VIP\"\nsecond line", membershipTier: "inventor", tierOverride: "inventor", tierOverrideUntil: new Date("2027-01-31T00:00:00Z") },
      { id: "tricky-2", email: "tricky-at@export.test", name: "@SUM(A1)", adminNote: "-2" },
    ]);

    const all = await exportCsv("pagewalk");
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["content-disposition"]).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.body.startsWith("\uFEFF")).toBe(true);
    const rows = parse(all.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => row.id).sort()).toEqual(many.map((member) => member.id).sort());

    const tricky = parse((await exportCsv("tricky-")).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(tricky).toEqual([
      expect.objectContaining({ id: "tricky-2", name: "'@SUM(A1)", admin_note: "'-2", tier: "free", complimentary_tier: "", status: "active" }),
      expect.objectContaining({ id: "tricky-1", name: "'=HYPERLINK(\"http://evil\",\"x\")", admin_note: "'+1 555, \"VIP\"\nsecond line", tier: "inventor", complimentary_tier: "inventor", complimentary_until: "2027-01-31" }),
    ]);
  });
});
