import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceCategory, ResourceTier } from "../../../common/content";
import { RESOURCE_FILE_REQUIRED, type AdminResource, type AdminResourcesResponse, type Resource, type ResourcesResponse } from "../../../common/contracts/resources";
import type { PaidTier } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { createFileLinkSigner } from "../../files/file-links";
import { buildTestApp, memberCookie, sendJson, TEST_SECRET, type TestApp, type TestAudience } from "../../test/build-test-app";
import { resources } from "./resources.table";

type Audience = TestAudience | "anonymous";
const AUDIENCES: Audience[] = ["anonymous", "free", "inventor", "entrepreneur", "brand-ceo", "admin"];
const TIERS: ResourceTier[] = ["free", "all", "inventor", "entrepreneur", "brand-ceo"];

/**
 * Spec 000 §6 written out: free resources for everyone; inventor sees inventor and all-tier;
 * entrepreneur all except brand-ceo; brand-ceo (and the admin) everything.
 */
const OPENS: Record<Audience, ResourceTier[]> = {
  anonymous: ["free"],
  free: ["free"],
  inventor: ["free", "all", "inventor"],
  entrepreneur: ["free", "all", "inventor", "entrepreneur"],
  "brand-ceo": ["free", "all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["free", "all", "inventor", "entrepreneur", "brand-ceo"],
};
/** The cheapest plan that opens a locked tier; `all` means any paid plan. */
const PLAN_FOR: Record<Exclude<ResourceTier, "free">, PaidTier> = { all: "inventor", inventor: "inventor", entrepreneur: "entrepreneur", "brand-ceo": "brand-ceo" };

const signer = createFileLinkSigner(TEST_SECRET);
let t: TestApp;
const who: Record<Audience, { cookie?: string; userId: string | null }> = {} as never;
/** One resource per tier, each with its own stored file, in the category no other test uses. */
const matrix = new Map<ResourceTier, { id: number; bytes: Buffer }>();

beforeAll(async () => {
  t = await buildTestApp();
  who.anonymous = { userId: null };
  for (const audience of AUDIENCES.filter((a): a is TestAudience => a !== "anonymous")) {
    const { cookie, userId } = await memberCookie(t, audience);
    who[audience] = { cookie, userId };
  }
  for (const tier of TIERS) {
    const bytes = Buffer.from(`%PDF-1.4 the ${tier} handbook`);
    matrix.set(tier, { id: await insertResource({ title: `Matrix ${tier}`, tier, category: "legal" }, bytes), bytes });
  }
});
afterAll(() => t.close());

async function insertResource(values: Partial<typeof resources.$inferInsert> & { title: string; tier: ResourceTier }, bytes?: Buffer, fileType = "application/pdf"): Promise<number> {
  const fileKey = bytes ? await t.files.put("resources", "pdf", bytes) : null;
  const [row] = await t.database.db
    .insert(resources)
    .values({ description: `About ${values.title}`, type: "PDF", category: "general", ...(bytes ? { fileKey, fileName: `${values.title}.pdf`, fileType } : {}), ...values })
    .returning({ id: resources.id });
  if (!row) throw new Error("no row");
  return row.id;
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

async function list(cookie?: string, query = ""): Promise<Resource[]> {
  const response = await get(`/api/resources${query}`, cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as ResourcesResponse).resources;
}

const fileUrl = (id: number, viewerId: string | null, now?: number) => `/api/resources/${id}/file?${signer.sign("resource", id, viewerId, now)}`;

describe.each(AUDIENCES)("resources seen by %s", (audience) => {
  it("lists every resource, locking the ones outside the tier with the plan that opens them and no link", async () => {
    const listed = await list(who[audience].cookie, "?category=legal");
    expect(listed.map((resource) => resource.tier).sort()).toEqual([...TIERS].sort());
    for (const resource of listed) {
      const opens = OPENS[audience].includes(resource.tier);
      expect(resource.locked).toBe(!opens);
      expect(resource.requiredPlan).toBe(opens || resource.tier === "free" ? null : PLAN_FOR[resource.tier]);
      if (opens) expect(resource.downloadUrl).toMatch(new RegExp(`^/api/resources/${resource.id}/file\\?expires=\\d+&signature=[\\w-]+$`));
      else expect(resource.downloadUrl).toBeNull();
    }
  });

  it.each(TIERS)("reads a %s resource alone only when its tier opens it", async (tier) => {
    const { id } = matrix.get(tier)!;
    const response = await get(`/api/resources/${id}`, who[audience].cookie);
    if (OPENS[audience].includes(tier)) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, tier, locked: false, requiredPlan: null });
      expect((response.json() as Resource).downloadUrl).toContain(`/api/resources/${id}/file?`);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain("/file?");
    }
  });

  it.each(TIERS)("downloads a %s resource's file only when its tier opens it, whatever the link", async (tier) => {
    const { id, bytes } = matrix.get(tier)!;
    const { cookie, userId } = who[audience];
    const ownLink = await get(fileUrl(id, userId), cookie);
    const brandCeoLink = await get(fileUrl(id, who["brand-ceo"].userId), cookie);
    const unsigned = await get(`/api/resources/${id}/file`, cookie);
    expect(unsigned.statusCode).toBe(403);
    expect(brandCeoLink.statusCode).toBe(audience === "brand-ceo" ? 200 : 403);
    if (OPENS[audience].includes(tier)) {
      expect(ownLink.statusCode).toBe(200);
      expect(ownLink.rawPayload.equals(bytes)).toBe(true);
    } else {
      expect(ownLink.statusCode).toBe(403);
      expect(ownLink.rawPayload.includes(bytes)).toBe(false);
    }
  });
});

describe("file links", () => {
  const free = () => who.free;
  const freeFile = () => matrix.get("free")!;

  it("answers the listed link with the file, typed, not sniffable, as an attachment, uncached, with ranges offered", async () => {
    const link = (await list(who.inventor.cookie, "?category=legal")).find((resource) => resource.tier === "inventor")?.downloadUrl;
    const response = await get(link!, who.inventor.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(matrix.get("inventor")!.bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(matrix.get("inventor")!.bytes.length),
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="Matrix inventor.pdf"; filename*=UTF-8''Matrix%20inventor.pdf`,
      "cache-control": "private, no-store",
      "accept-ranges": "bytes",
    });
  });

  it("refuses expired, tampered and foreign signatures", async () => {
    const { id } = freeFile();
    const { cookie, userId } = free();
    expect((await get(fileUrl(id, userId), cookie)).statusCode).toBe(200);
    expect((await get(fileUrl(id, userId, Date.now() - 2 * 60 * 60 * 1000), cookie)).statusCode).toBe(403);

    const [, expires, signature] = /expires=(\d+)&signature=(.+)$/.exec(fileUrl(id, userId))!;
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    expect((await get(`/api/resources/${id}/file?expires=${expires}&signature=${flipped}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/resources/${id}/file?expires=${Number(expires) + 86_400}&signature=${signature}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/resources/${id}/file?expires=${expires}`, cookie)).statusCode).toBe(403);
    // A link for another item carries a valid signature, just not for this one.
    expect((await get(fileUrl(matrix.get("all")!.id, userId).replace(`/${matrix.get("all")!.id}/`, `/${id}/`), cookie)).statusCode).toBe(403);
    // Signed for member A (inventor), used by member B (entrepreneur), and a visitor's link used by a member.
    expect((await get(fileUrl(id, who.inventor.userId), who.entrepreneur.cookie)).statusCode).toBe(403);
    expect((await get(fileUrl(id, null), cookie)).statusCode).toBe(403);
    expect((await get(fileUrl(id, userId))).statusCode).toBe(403);
  });

  it("checks the tier again on every download: a downgraded or deactivated member's earlier link stops working", async () => {
    const member = await memberCookie(t, "brand-ceo");
    const { id, bytes } = matrix.get("brand-ceo")!;
    const link = (await list(member.cookie, "?category=legal")).find((resource) => resource.id === id)?.downloadUrl;
    expect((await get(link!, member.cookie)).rawPayload.equals(bytes)).toBe(true);

    await t.database.db.update(users).set({ membershipTier: "free" }).where(eq(users.id, member.userId));
    t.viewers.forgetUser(member.userId);
    expect((await get(link!, member.cookie)).statusCode).toBe(403);

    await t.database.db.update(users).set({ membershipTier: "brand-ceo", isActive: false }).where(eq(users.id, member.userId));
    t.viewers.forgetUser(member.userId);
    expect((await get(link!, member.cookie)).statusCode).toBe(403);
    const listed = await list(member.cookie, "?category=legal");
    expect(listed.filter((resource) => !resource.locked).map((resource) => resource.tier)).toEqual(["free"]);
  });

  it("redirects to an admin-entered address only after the checks", async () => {
    const id = await insertResource({ title: "Hosted inventor guide", tier: "inventor", fileUrl: "https://files.example.com/guide.pdf" });
    const allowed = await get(fileUrl(id, who.inventor.userId), who.inventor.cookie);
    expect(allowed.statusCode).toBe(302);
    expect(allowed.headers.location).toBe("https://files.example.com/guide.pdf");
    for (const denied of [await get(fileUrl(id, who.free.userId), who.free.cookie), await get(`/api/resources/${id}/file`, who.inventor.cookie)]) {
      expect(denied.statusCode).toBe(403);
      expect(denied.headers.location).toBeUndefined();
    }
  });

  it("answers 404 for an unknown resource, a resource without a file and a stored file that has gone", async () => {
    expect((await get(fileUrl(2_000_000, who.admin.userId), who.admin.cookie)).statusCode).toBe(404);
    expect((await get("/api/resources/2000000", who.admin.cookie)).statusCode).toBe(404);
    expect((await get("/api/resources/abc", who.admin.cookie)).statusCode).toBe(400);
    const bare = await insertResource({ title: "No file yet", tier: "free" });
    expect((await list(undefined)).find((resource) => resource.id === bare)?.downloadUrl).toBeNull();
    expect((await get(fileUrl(bare, null))).statusCode).toBe(404);
    const gone = await insertResource({ title: "Gone", tier: "free", fileKey: "resources/00000000-0000-4000-8000-000000000000.pdf", fileType: "application/pdf" });
    expect((await get(fileUrl(gone, null))).statusCode).toBe(404);
  });

  it("never serves a stored file as HTML and never lets its name carry a path or direction override", async () => {
    const bytes = Buffer.from("<script>alert(1)</script>");
    const id = await insertResource({ title: "Sneaky", tier: "free" }, bytes, "text/html");
    await t.database.db.update(resources).set({ fileName: "../../etc/passwd\u202Efdp.exe\r\nx" }).where(eq(resources.id, id));
    const response = await get(fileUrl(id, null));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    const disposition = String(response.headers["content-disposition"]);
    expect(disposition).toMatch(/^attachment; /);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1];
    expect(decodeURIComponent(encoded!)).toBe("etcpasswdfdp.exex");
    expect(disposition).not.toMatch(/[/\\\r\n]/);
  });
});

describe("ranges", () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
  let url: string;
  beforeAll(async () => {
    url = fileUrl(await insertResource({ title: "Byte ladder", tier: "free" }, bytes), null);
  });
  const ranged = (range: string, method: "GET" | "HEAD" = "GET") => get(url, undefined, { range }, method);

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=990-", 990, 999],
    ["bytes=-5", 995, 999],
    ["bytes=995-5000", 995, 999],
    ["bytes=-5000", 0, 999],
    ["bytes=500-500", 500, 500],
  ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
    const response = await ranged(range);
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers["content-length"]).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(["bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=20-10"])("answers %s with 416 and the size", async (range) => {
    const response = await ranged(range);
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe("bytes */1000");
    expect(response.rawPayload.length).toBe(0);
  });

  it.each(["items=0-10", "bytes=0-1,5-6", "bytes=abc"])("ignores %s and sends the whole file", async (range) => {
    const response = await ranged(range);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it("answers HEAD with the headers and no body, ranged or not", async () => {
    const whole = await get(url, undefined, {}, "HEAD");
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe("1000");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.length).toBe(0);
    const part = await ranged("bytes=10-19", "HEAD");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe("bytes 10-19/1000");
    expect(part.headers["content-length"]).toBe("10");
    expect(part.rawPayload.length).toBe(0);
    expect((await get(url.replace(/signature=.*/, "signature=x"), undefined, {}, "HEAD")).statusCode).toBe(403);
  });
});

describe("order and category", () => {
  it("puts featured first, then free, then title (spec 000 §5)", async () => {
    const category: ResourceCategory = "funding";
    const made: Array<[string, ResourceTier, boolean]> = [
      ["Kestrel", "brand-ceo", true],
      ["Heron", "inventor", false],
      ["Zebra", "free", false],
      ["Gannet", "free", false],
      ["Osprey", "free", true],
      ["Dunlin", "all", false],
    ];
    for (const [title, tier, featured] of made) await insertResource({ title, tier, featured, category });
    const titles = (await list(who.free.cookie, `?category=${category}`)).map((resource) => resource.title);
    expect(titles).toEqual(["Osprey", "Kestrel", "Gannet", "Zebra", "Dunlin", "Heron"]);
  });

  it("filters by category; all or no category lists every one; an unknown category is refused", async () => {
    const legal = await list(undefined, "?category=legal");
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((resource) => resource.category === "legal")).toBe(true);
    const everything = await list(undefined, "?category=all");
    expect(new Set(everything.map((resource) => resource.category))).toEqual(new Set((await list(undefined)).map((resource) => resource.category)));
    expect(everything.some((resource) => resource.category === "funding")).toBe(true);
    expect(everything.length).toBeGreaterThan(legal.length);
    const refused = await get("/api/resources?category=crypto");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("VALIDATION_FAILED");
  });
});

describe("admin resources", () => {
  const body = { title: "NDA Template", description: "A mutual NDA for factory talks.", type: "DOCX", category: "legal", tier: "entrepreneur", featured: true, fileUrl: "https://files.example.com/nda.docx" };

  it("creates, lists, updates and deletes, for admins only", async () => {
    const admin = who.admin.cookie;
    const created = await sendJson(t.app, "POST", "/api/admin/resources", body, admin);
    expect(created.statusCode).toBe(201);
    const resource: AdminResource = created.json();
    expect(resource).toMatchObject({ ...body, locked: false, requiredPlan: null, fileUrl: "https://files.example.com/nda.docx" });
    expect(Date.parse(resource.createdAt)).not.toBeNaN();

    const listed: AdminResourcesResponse = (await get("/api/admin/resources", admin)).json();
    // A signed link's expiry is in whole seconds from its request: the two links may differ in it,
    // so each is compared by what it opens.
    const { downloadUrl: listedLink, ...listedFields } = listed.resources.find((item) => item.id === resource.id)!;
    const { downloadUrl: createdLink, ...createdFields } = resource;
    expect(listedFields).toEqual(createdFields);
    for (const link of [createdLink, listedLink]) {
      expect((await get(link!, admin)).headers.location).toBe("https://files.example.com/nda.docx");
    }
    expect(listed.resources.every((item) => !item.locked)).toBe(true);
    expect(listed.resources.map((item) => item.id)).toEqual(expect.arrayContaining([...matrix.values()].map((item) => item.id)));

    const updated = await sendJson(t.app, "PUT", `/api/admin/resources/${resource.id}`, { ...body, title: "Mutual NDA", tier: "free", fileUrl: "https://files.example.com/mutual-nda.docx" }, admin);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: "Mutual NDA", tier: "free", fileUrl: "https://files.example.com/mutual-nda.docx" });
    expect((await get(`/api/resources/${resource.id}`)).json()).toMatchObject({ title: "Mutual NDA", locked: false });

    expect((await sendJson(t.app, "DELETE", `/api/admin/resources/${resource.id}`, undefined, admin)).statusCode).toBe(204);
    expect((await get(`/api/resources/${resource.id}`)).statusCode).toBe(404);
    expect((await sendJson(t.app, "DELETE", `/api/admin/resources/${resource.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await sendJson(t.app, "PUT", `/api/admin/resources/${resource.id}`, body, admin)).statusCode).toBe(404);
  });

  it("keeps a stored file through an edit, drops it when an address replaces it, and removes it with the resource", async () => {
    const admin = who.admin.cookie;
    const kept = await insertResource({ title: "Stored kept", tier: "inventor" }, Buffer.from("kept"));
    const [keptRow] = await t.database.db.select({ fileKey: resources.fileKey }).from(resources).where(eq(resources.id, kept));
    const edit = await sendJson(t.app, "PUT", `/api/admin/resources/${kept}`, { ...body, title: "Stored kept, renamed", fileUrl: "" }, admin);
    expect(edit.json()).toMatchObject({ title: "Stored kept, renamed", fileUrl: null });
    expect(await t.files.stat(keptRow!.fileKey!)).not.toBeNull();
    expect((await get((edit.json() as AdminResource).downloadUrl!, admin)).rawPayload.toString()).toBe("kept");

    const replaced = await sendJson(t.app, "PUT", `/api/admin/resources/${kept}`, { ...body, fileUrl: "https://files.example.com/new.pdf" }, admin);
    expect(replaced.json()).toMatchObject({ fileUrl: "https://files.example.com/new.pdf" });
    expect(await t.files.stat(keptRow!.fileKey!)).toBeNull();
    expect((await get((replaced.json() as AdminResource).downloadUrl!, admin)).headers.location).toBe("https://files.example.com/new.pdf");

    const removed = await insertResource({ title: "Stored removed", tier: "free" }, Buffer.from("bye"));
    const [removedRow] = await t.database.db.select({ fileKey: resources.fileKey }).from(resources).where(eq(resources.id, removed));
    expect((await sendJson(t.app, "DELETE", `/api/admin/resources/${removed}`, undefined, admin)).statusCode).toBe(204);
    expect(await t.files.stat(removedRow!.fileKey!)).toBeNull();
  });

  it("publishes no resource without a file: a new one needs a file, and an edit cannot take away the only one", async () => {
    const admin = who.admin.cookie;
    const required = { code: "VALIDATION_FAILED", message: RESOURCE_FILE_REQUIRED, fields: { fileUrl: RESOURCE_FILE_REQUIRED } };
    for (const fileUrl of [undefined, null, "", "   "]) {
      const refused = await sendJson(t.app, "POST", "/api/admin/resources", { ...body, title: "Fileless", fileUrl }, admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject(required);
    }
    expect((await list(who["brand-ceo"].cookie, "?category=legal")).some((resource) => resource.title === "Fileless")).toBe(false);

    const linked: AdminResource = (await sendJson(t.app, "POST", "/api/admin/resources", { ...body, title: "Linked only" }, admin)).json();
    const cleared = await sendJson(t.app, "PUT", `/api/admin/resources/${linked.id}`, { ...body, title: "Linked only", fileUrl: "" }, admin);
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error).toMatchObject(required);
    // Left out, the link stays; the refused edit changed nothing.
    const { fileUrl: _left, ...withoutFile } = body;
    const kept = await sendJson(t.app, "PUT", `/api/admin/resources/${linked.id}`, { ...withoutFile, title: "Linked, renamed" }, admin);
    expect(kept.json()).toMatchObject({ title: "Linked, renamed", fileUrl: body.fileUrl });
  });

  it("refuses invalid bodies with field messages", async () => {
    const response = await sendJson(t.app, "POST", "/api/admin/resources", { title: "  ", type: "PDF", category: "legal", tier: "gold", fileUrl: "ftp://x" }, who.admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: {
        title: "Title is required",
        description: "Description is required",
        tier: "Access level must be one of free, all, inventor, entrepreneur or brand-ceo",
        fileUrl: "Please enter a valid URL starting with http:// or https://",
      },
    });
  });

  it("answers 403 to members and 401 to visitors on every admin route", async () => {
    const { id } = matrix.get("free")!;
    for (const cookie of [who["brand-ceo"].cookie, who.free.cookie, undefined]) {
      const status = cookie ? 403 : 401;
      expect((await get("/api/admin/resources", cookie)).statusCode).toBe(status);
      expect((await sendJson(t.app, "POST", "/api/admin/resources", body, cookie)).statusCode).toBe(status);
      expect((await sendJson(t.app, "PUT", `/api/admin/resources/${id}`, body, cookie)).statusCode).toBe(status);
      expect((await sendJson(t.app, "DELETE", `/api/admin/resources/${id}`, undefined, cookie)).statusCode).toBe(status);
    }
    expect((await get(`/api/resources/${id}`)).statusCode).toBe(200);
  });
});

describe("resource pages", () => {
  it("pages through a category in the library's order, every resource exactly once, saying when more follow", async () => {
    for (let index = 0; index < 17; index += 1) {
      await insertResource({ title: `Paged ${String(index % 5)} ${index}`, tier: index % 3 === 0 ? "free" : "inventor", category: "funding", featured: index === 9 });
    }
    const whole = await t.app.inject({ url: "/api/resources?category=funding&pageSize=100", headers: { cookie: who.inventor.cookie } });
    const everything = (whole.json() as ResourcesResponse).resources;
    const paged: Resource[] = [];
    let hasMore = true;
    for (let page = 1; hasMore; page += 1) {
      const body = (await t.app.inject({ url: `/api/resources?category=funding&pageSize=4&page=${page}`, headers: { cookie: who.inventor.cookie } })).json() as ResourcesResponse;
      hasMore = body.hasMore;
      paged.push(...body.resources);
      expect(body.resources.length).toBe(hasMore ? 4 : paged.length - (page - 1) * 4);
    }
    expect(paged.map((resource) => resource.id)).toEqual(everything.map((resource) => resource.id));
    expect(everything[0]?.featured).toBe(true);
    expect((await t.app.inject({ url: "/api/resources?pageSize=101" })).statusCode).toBe(400);
  });
});
