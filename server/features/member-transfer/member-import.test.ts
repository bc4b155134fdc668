import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_IMPORT_MESSAGES, type MemberImport } from "../../../common/contracts/member-transfer";
import { accounts, users } from "../../auth/auth.table";
import { applyLapsedTiers } from "../../billing/sync";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, postJson, sendJson, signIn, type TestApp } from "../../test/build-test-app";
import { adminAuditLog } from "../users/audit-log.table";
import { removeOldImportRows } from "./member-import-cleanup.job";
import { memberImportRows, memberImports } from "./member-imports.table";
import { dayFromNow, importFinished, uploadCsv, waitForImport } from "./member-transfer.test-support";

let t: TestApp;
let admin: { cookie: string; userId: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await memberCookie(t, "admin", "Importing Admin");
});
afterAll(() => t.close());

const confirm = (id: string, body: object) => sendJson(t.app, "POST", `/api/admin/member-imports/${id}/confirm`, body, admin.cookie);
const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string; fields?: Record<string, string> } }).error;
let fileCounter = 0;
/** A file of `count` members with addresses no other test uses. */
function membersFile(count: number, tier = "Inventor"): { csv: string; emails: string[] } {
  fileCounter += 1;
  const emails = Array.from({ length: count }, (_, index) => `bulk${fileCounter}-${index}@import.test`);
  const lines = emails.map((email, index) => `Bulk Member ${index},${email},${index % 2 ? tier : "free"},2021-05-0${(index % 9) + 1},note ${index}`);
  return { csv: ["name,email,tier,joined,notes", ...lines].join("\n"), emails };
}

describe("the dry run", () => {
  it("lists every row's problem with its row number and changes nothing", async () => {
    const existing = await memberCookie(t, "entrepreneur", "Existing Entrepreneur");
    const same = await memberCookie(t, "free", "Existing Free");
    const csv = [
      "Name,Email,Tier,Joined date,Notes",
      "Good Person,good-dry@import.test,Inventor,2022-03-04,From the old forum",
      "Bad Email,not-an-email,free,,",
      "Odd Tier,odd-tier@import.test,Platinum,,",
      "Bad Date,bad-date@import.test,,31/12/2020,",
      "Future,future@import.test,,2999-01-01,",
      ",no-name@import.test,,,",
      "",
      "Twice,GOOD-DRY@import.test,inventor,,",
      `Other Tier,${existing.email},inventor,,`,
      `Same Tier,${same.email},free,,`,
    ].join("\r\n");
    const response = await uploadCsv(t, admin.cookie, csv, "old-forum.csv");
    expect(response.statusCode).toBe(201);
    const report = response.json() as MemberImport;
    expect(report).toMatchObject({ fileName: "old-forum.csv", status: "checked", totalRows: 9, toCreate: 1, unchanged: 1, problemRows: 7, paidRows: 1 });
    expect(report.problems).toEqual([
      { row: 3, email: "not-an-email", problems: ['Email "not-an-email" is not a valid address'] },
      { row: 4, email: "odd-tier@import.test", problems: ['Unknown tier "Platinum": use Free, Inventor, Entrepreneur or Brand CEO'] },
      { row: 5, email: "bad-date@import.test", problems: ['Joined date "31/12/2020" is not a date: use YYYY-MM-DD, e.g. 2024-03-31'] },
      { row: 6, email: "future@import.test", problems: ["Joined date 2999-01-01 is in the future"] },
      { row: 7, email: "no-name@import.test", problems: ["Name is missing"] },
      { row: 9, email: "good-dry@import.test", problems: ["Same email as row 2"] },
      { row: 10, email: existing.email, problems: ["Already a member with the Entrepreneur tier"] },
    ].map((problem) => expect.objectContaining(problem)));
    expect(await t.database.db.select().from(users).where(eq(users.email, "good-dry@import.test"))).toEqual([]);
  });

  it("refuses files it cannot use, saying why", async () => {
    const noEmail = await uploadCsv(t, admin.cookie, "name,tier\nSomeone,free\n");
    expect(noEmail.statusCode).toBe(400);
    expect(errorOf(noEmail).message).toBe(MEMBER_IMPORT_MESSAGES.missingColumns(["email"]));
    expect(errorOf(await uploadCsv(t, admin.cookie, "name,email\n")).message).toBe(MEMBER_IMPORT_MESSAGES.empty);
    const tooMany = await uploadCsv(t, admin.cookie, membersFile(20_001).csv);
    expect([tooMany.statusCode, errorOf(tooMany).message]).toEqual([413, MEMBER_IMPORT_MESSAGES.tooManyRows]);
    const tooLarge = await uploadCsv(t, admin.cookie, `name,email,notes\nBig,big@import.test,${"x".repeat(5 * 1024 * 1024)}\n`);
    expect([tooLarge.statusCode, errorOf(tooLarge).message]).toEqual([413, MEMBER_IMPORT_MESSAGES.tooLarge]);
    const member = await memberCookie(t, "brand-ceo");
    expect((await uploadCsv(t, member.cookie, "name,email\nA,a@import.test\n")).statusCode).toBe(403);
  });
});

describe("confirming an import", () => {
  it("creates 500 accounts without passwords, mails each a link to set one, and grants the paid tier until the chosen day", async () => {
    const { csv, emails } = membersFile(500);
    const report = (await uploadCsv(t, admin.cookie, csv)).json() as MemberImport;
    expect(report).toMatchObject({ toCreate: 500, paidRows: 250, problemRows: 0 });
    expect(errorOf(await confirm(report.id, {})).fields).toEqual({ complimentaryUntil: MEMBER_IMPORT_MESSAGES.complimentaryUntilRequired });
    expect(errorOf(await confirm(report.id, { complimentaryUntil: dayFromNow(0) })).message).toBe(MEMBER_IMPORT_MESSAGES.complimentaryUntilPast);
    const until = dayFromNow(90);
    expect((await confirm(report.id, { complimentaryUntil: until })).statusCode).toBe(200);
    expect(errorOf(await confirm(report.id, { complimentaryUntil: until })).message).toBe(MEMBER_IMPORT_MESSAGES.alreadyConfirmed);

    const done = await waitForImport(t, admin.cookie, report.id, importFinished);
    expect(done).toMatchObject({ status: "done", processed: 500, created: 500, existed: 0, invitesSent: 500, invitesFailed: 0 });
    const created = await t.database.db.select().from(users).where(inArray(users.email, emails));
    expect(created).toHaveLength(500);
    const paid = created.find((user) => user.email === emails[1])!;
    expect(paid).toMatchObject({ name: "Bulk Member 1", membershipTier: "inventor", tierOverride: "inventor", tierOverrideUntil: new Date(`${until}T00:00:00Z`), adminNote: "note 1", createdAt: new Date("2021-05-02T00:00:00Z") });
    expect(created.find((user) => user.email === emails[0])).toMatchObject({ membershipTier: "free", tierOverride: null, tierOverrideUntil: null });
    expect(await t.database.db.$count(accounts, inArray(accounts.userId, created.map((user) => user.id)))).toBe(0);
    expect(await t.database.db.$count(adminAuditLog, and(eq(adminAuditLog.actorId, admin.userId), eq(adminAuditLog.action, "create-user"), inArray(adminAuditLog.targetEmail, emails)))).toBe(500);

    const mails = await t.database.db.select().from(outboxMessages).where(inArray(outboxMessages.to, emails));
    expect(mails).toHaveLength(500);
    const mail = mails.find((message) => message.to === emails[1])!;
    expect(mail.text).toContain("Your Inventor membership is complimentary until");
    // The link sets the first password through better-auth's reset, and the member signs in with it.
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]!);
    expect((await postJson(t.app, "/api/auth/reset-password", { token, newPassword: "chosen-at-last" })).statusCode).toBe(200);
    const cookie = await signIn(t.app, emails[1]!, "chosen-at-last");
    expect((await t.app.inject({ url: "/api/account/complimentary", headers: { cookie } })).json()).toEqual({ tier: "Inventor", until: `${until}T00:00:00.000Z` });
    // The uploaded rows are gone once the import and its mails are done; the counts stay.
    expect(await t.database.db.$count(memberImportRows, eq(memberImportRows.importId, report.id))).toBe(0);

    // The complimentary tier lapses on its day with no event.
    await t.database.db.update(users).set({ tierOverrideUntil: new Date(Date.now() - 1000) }).where(eq(users.id, paid.id));
    expect(await applyLapsedTiers({ db: t.database.db, viewers: t.viewers, graceDays: 7 })).toBeGreaterThanOrEqual(1);
    const [lapsed] = await t.database.db.select().from(users).where(eq(users.id, paid.id));
    expect(lapsed).toMatchObject({ membershipTier: "free", tierOverride: null, tierOverrideUntil: null });
    expect((await t.app.inject({ url: "/api/account/complimentary", headers: { cookie } })).json()).toBeNull();
  });

  it("changes nothing when the same file is imported again", async () => {
    const { csv, emails } = membersFile(6);
    const first = (await uploadCsv(t, admin.cookie, csv)).json() as MemberImport;
    await confirm(first.id, { complimentaryUntil: dayFromNow(30) });
    await waitForImport(t, admin.cookie, first.id, importFinished);
    const before = await t.database.db.select().from(users).where(inArray(users.email, emails));

    const again = await uploadCsv(t, admin.cookie, csv);
    expect(again.json()).toMatchObject({ toCreate: 0, unchanged: 6, problemRows: 0 });
    expect(errorOf(await confirm((again.json() as MemberImport).id, { complimentaryUntil: dayFromNow(30) })).message).toBe(MEMBER_IMPORT_MESSAGES.nothingToImport);
    expect(await t.database.db.select().from(users).where(inArray(users.email, emails))).toEqual(before);
  });

  it("creates each member once when two imports of one file run at the same time", async () => {
    const { csv, emails } = membersFile(300);
    const [a, b] = (await Promise.all([uploadCsv(t, admin.cookie, csv), uploadCsv(t, admin.cookie, csv)])).map((response) => response.json() as MemberImport);
    const until = dayFromNow(10);
    await Promise.all([confirm(a!.id, { complimentaryUntil: until }), confirm(b!.id, { complimentaryUntil: until })]);
    const [doneA, doneB] = await Promise.all([waitForImport(t, admin.cookie, a!.id, importFinished), waitForImport(t, admin.cookie, b!.id, importFinished)]);
    expect(doneA!.created + doneB!.created).toBe(300);
    expect(doneA!.existed + doneB!.existed).toBe(300);
    const perEmail = await t.database.db.select({ email: users.email, n: sql<number>`count(*)::int` }).from(users).where(inArray(users.email, emails)).groupBy(users.email);
    expect(perEmail.filter((row) => row.n !== 1)).toEqual([]);
    expect(perEmail).toHaveLength(300);
    expect(await t.database.db.$count(outboxMessages, inArray(outboxMessages.to, emails))).toBe(300);
  });

  it("deletes dry runs nobody confirmed after seven days", async () => {
    const report = (await uploadCsv(t, admin.cookie, membersFile(2).csv)).json() as MemberImport;
    await t.database.db.update(memberImports).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(memberImports.id, report.id));
    expect(await removeOldImportRows(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.$count(memberImportRows, eq(memberImportRows.importId, report.id))).toBe(0);
    expect((await t.app.inject({ url: `/api/admin/member-imports/${report.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });
});
