import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters } from "../../../common/contracts/people";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, type TestApp } from "../../test/build-test-app";
import { peopleClient } from "./test-support";

let t: TestApp;
let api: ReturnType<typeof peopleClient>;
let viewer: string;
beforeAll(async () => {
  t = await buildTestApp();
  api = peopleClient(t);
  viewer = (await memberCookie(t, "free", "Viewing Member")).cookie;
});
afterAll(() => t.close());

const idsOf = (page: { members: { id: string }[] }) => page.members.map((member) => member.id);

describe("the member directory", () => {
  it("offers the most used tags and countries of listed members as filter choices", async () => {
    const welder = await memberCookie(t, "inventor", "Filter Welder");
    const maker = await memberCookie(t, "inventor", "Filter Maker");
    const hidden = await memberCookie(t, "inventor", "Filter Hidden");
    await api.save(welder.cookie, { expertise: ["welding", "cad"], country: "DE" });
    await api.save(maker.cookie, { expertise: ["cad"], country: "DE" });
    await api.save(hidden.cookie, { expertise: ["secret-tag"], country: "FR", hidden: true });

    const response = await t.app.inject({ url: "/api/people/filters", headers: { cookie: viewer } });
    expect(response.statusCode).toBe(200);
    const filters = response.json<DirectoryFilters>();
    expect(filters.expertise.slice(0, 2)).toEqual([
      { tag: "cad", members: 2 },
      { tag: "welding", members: 1 },
    ]);
    expect(filters.countries).toEqual([{ code: "DE", members: 2 }]);
  });

  it("answers 401 to visitors and 403 to deactivated members", async () => {
    expect((await t.app.inject({ url: "/api/people" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/people/filters" })).statusCode).toBe(401);
    const gone = await memberCookie(t, "brand-ceo");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.userId));
    t.viewers.forgetUser(gone.userId);
    const response = await t.app.inject({ url: "/api/people", headers: { cookie: gone.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("ACCOUNT_INACTIVE");
  });

  it("lists active members newest first with badge, headline, stage, tags and place, but not hidden or deactivated ones", async () => {
    const ada = await memberCookie(t, "entrepreneur", "Ada Listed");
    const hider = await memberCookie(t, "inventor", "Hidden Hilda");
    const gone = await memberCookie(t, "inventor", "Gone Gary");
    const admin = await memberCookie(t, "admin", "Listed Admin");
    await api.save(ada.cookie, { headline: "Kitchen gadget inventor", stage: "prototype", expertise: ["Injection Molding"], city: "Austin", country: "us" });
    await api.save(hider.cookie, { headline: "I keep to myself", hidden: true });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.userId));

    const page = await api.directory(viewer);
    expect(idsOf(page).slice(0, 2)).toEqual([admin.userId, ada.userId]);
    expect(page.members[0]).toMatchObject({ name: "Listed Admin", badge: "admin" });
    expect(page.members[1]).toMatchObject({ name: "Ada Listed", badge: "entrepreneur", headline: "Kitchen gadget inventor", stage: "prototype", expertise: ["injection molding"], city: "Austin", country: "US", profilePicture: null });
    expect(idsOf(page)).not.toContain(hider.userId);
    expect(idsOf(page)).not.toContain(gone.userId);
  });

  it("finds members by word prefixes of name, headline, bio and tags, in any order", async () => {
    const grace = await memberCookie(t, "inventor", "Grace Hopperfield");
    await api.save(grace.cookie, { headline: "Solar dehydrator maker", bio: "Twenty years in aerospace tooling", expertise: ["thermoforming"] });
    for (const query of ["hopperf", "Grace HOPPER", "dehydr", "aerosp", "thermo", "solar grace", "tooling  hopperfield"]) {
      expect(idsOf(await api.directory(viewer, `q=${encodeURIComponent(query)}`)), query).toEqual([grace.userId]);
    }
    expect(await api.directory(viewer, "q=hopperfield+nobodyelse")).toEqual({ members: [], nextCursor: null });
  });

  it("takes query syntax as plain words, never as a search expression", async () => {
    const odd = await memberCookie(t, "inventor", "Zed O'Quirkley");
    for (const query of ["quirk:*", "quirk | !zed", "(quirk)", "quirk & ", "'zed'", "quirk\\", "o'quirk", "<-> quirk", "!!!", ":*"]) {
      const response = await t.app.inject({ url: `/api/people?q=${encodeURIComponent(query)}`, headers: { cookie: viewer } });
      expect(response.statusCode, query).toBe(200);
    }
    expect(idsOf(await api.directory(viewer, `q=${encodeURIComponent("quirk | !zed")}`))).toEqual([odd.userId]);
    // Only punctuation: no words, so the whole directory.
    expect((await api.directory(viewer, `q=${encodeURIComponent("!!!")}`)).members.length).toBeGreaterThan(1);
  });

  it("filters by stage, expertise, tier (admins apart) and country, together with a search", async () => {
    const a = await memberCookie(t, "inventor", "Filterable Anna");
    const b = await memberCookie(t, "brand-ceo", "Filterable Bob");
    const c = await memberCookie(t, "admin", "Filterable Cleo");
    await api.save(a.cookie, { stage: "selling", expertise: ["Packaging"], country: "CA" });
    await api.save(b.cookie, { stage: "idea", expertise: ["packaging", "retail"], country: "GB" });
    await api.save(c.cookie, { stage: "idea", country: "GB" });
    const find = async (filter: string) => idsOf(await api.directory(viewer, `q=filterable&${filter}`)).sort();

    expect(await find("stage=idea")).toEqual([b.userId, c.userId].sort());
    expect(await find("expertise=PACKAGING")).toEqual([a.userId, b.userId].sort());
    expect(await find("country=gb")).toEqual([b.userId, c.userId].sort());
    // The admin (a brand-ceo account) wears the Admin badge, so the Brand CEO list leaves them out.
    expect(await find("tier=brand-ceo")).toEqual([b.userId]);
    expect(await find("stage=idea&expertise=retail&country=GB")).toEqual([b.userId]);

    for (const bad of ["stage=someday", "tier=gold", "tier=admin", "country=XX", "country=USA", "sort=random", `q=${"x".repeat(101)}`]) {
      expect((await t.app.inject({ url: `/api/people?${bad}`, headers: { cookie: viewer } })).statusCode, bad).toBe(400);
    }
  });

  it("sorts alphabetically and pages with a cursor, in both orders, without repeating or skipping anyone", async () => {
    const names = Array.from({ length: DIRECTORY_PAGE_SIZE + 5 }, (_, index) => `Pager ${String.fromCharCode(97 + (index % 26))}${index}`);
    const created: { id: string; name: string }[] = [];
    for (const name of names) created.push({ id: (await memberCookie(t, "free", name)).userId, name });
    // Two members joined at the same instant: the id breaks the tie.
    await t.database.db.update(users).set({ createdAt: new Date("2026-01-01T00:00:00.123Z") }).where(inArray(users.id, [created[0]?.id ?? "", created[1]?.id ?? ""]));

    for (const sort of ["name", "newest"] as const) {
      const first = await api.directory(viewer, `q=pager&sort=${sort}`);
      expect(first.members).toHaveLength(DIRECTORY_PAGE_SIZE);
      expect(first.nextCursor).not.toBeNull();
      const second = await api.directory(viewer, `q=pager&sort=${sort}&cursor=${first.nextCursor ?? ""}`);
      expect(second.nextCursor).toBeNull();
      const all = [...first.members, ...second.members];
      expect(new Set(all.map((member) => member.id)).size).toBe(names.length);
      if (sort === "name") expect(all.map((member) => member.name)).toEqual([...names].sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1)));
      else expect(all.map((member) => member.memberSince)).toEqual([...all.map((member) => member.memberSince)].sort().reverse());
    }
  });

  it("refuses forged cursors with 400", async () => {
    const forged = ["nope", Buffer.from("[1,2]").toString("base64url"), Buffer.from('["2025-02-30T00:00:00.000000Z","x"]').toString("base64url"), Buffer.from('["yesterday","x"]').toString("base64url")];
    for (const cursor of forged) {
      const response = await t.app.inject({ url: `/api/people?cursor=${cursor}`, headers: { cookie: viewer } });
      expect(response.statusCode, cursor).toBe(400);
    }
  });
});
