import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountDataSummary } from "../../../common/contracts/account-data";
import { buildTestApp, memberCookie, sendJson, TEST_SECRET, type TestApp } from "../../test/build-test-app";
import { eventually, readZip } from "./account-data.test-support";
import { accountExports } from "./account-data.table";
import { exportDownloadPath } from "./export-link";

let t: TestApp;
let owner: { cookie: string; userId: string; email: string };
let other: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await memberCookie(t, "inventor", "Export Owner");
  other = await memberCookie(t, "brand-ceo", "Curious Member");
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe("a prepared export is its owner's alone", () => {
  it("never opens for another member, even with a link signed for them and this export", async () => {
    expect((await sendJson(t.app, "POST", "/api/me/data/exports", {}, owner.cookie)).statusCode).toBe(202);
    const link = await eventually(async () => ((await get("/api/me/data", owner.cookie)).json() as AccountDataSummary).export.prepared?.downloadUrl ?? null);
    const exportId = /exports\/([^/]+)\/download/.exec(link)?.[1] ?? "";
    const [row] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, exportId));
    expect(row?.userId).toBe(owner.userId);

    // The owner's own link in another member's session.
    expect((await get(link, other.cookie)).statusCode).toBe(410);
    // A link whose signature is right for the other member (as if the secret leaked or a signing bug named them): the export's owner is still checked.
    const signedForOther = exportDownloadPath(TEST_SECRET, exportId, other.userId, row?.expiresAt ?? new Date(Date.now() + 86_400_000));
    const refused = await get(signedForOther, other.cookie);
    expect(refused.statusCode).toBe(410);
    expect(refused.body).not.toContain(owner.email);

    const mine = await get(link, owner.cookie);
    expect(mine.statusCode).toBe(200);
    const data = JSON.parse((await readZip(mine.rawPayload)).get("data.json")?.toString("utf8") ?? "{}");
    expect(data.profile.email).toBe(owner.email);
  });
});
