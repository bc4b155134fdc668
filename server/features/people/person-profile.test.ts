import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTER_MESSAGE } from "../../../common/contracts/text";
import { PEOPLE_MESSAGES } from "../../../common/contracts/people";
import type { AuditLogPage } from "../../../common/contracts/users";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts } from "../community/community.table";
import { peopleClient } from "./test-support";

let t: TestApp;
let api: ReturnType<typeof peopleClient>;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await buildTestApp();
  api = peopleClient(t);
  admin = await memberCookie(t, "admin", "Profile Admin");
});
afterAll(() => t.close());

describe("a member's own profile", () => {
  it("starts empty and saves trimmed text, lower-cased unique tags and an upper-case country", async () => {
    const ada = await memberCookie(t, "inventor", "Ada Owner");
    const empty = await t.app.inject({ url: "/api/me/member-profile", headers: { cookie: ada.cookie } });
    expect(empty.json()).toEqual({ headline: "", bio: "", building: "", stage: null, expertise: [], city: "", country: "", website: "", linkedin: "", hidden: false, textHidden: false });

    const saved = await api.save(ada.cookie, {
      headline: "  Inventor of the folding ladder ",
      bio: "Ten years of ladders.",
      building: "A ladder that fits in a backpack",
      stage: "patent-pending",
      expertise: [" CAD ", "cad", "Patents", "  "],
      city: " Leeds ",
      country: "gb",
      website: "https://ladders.example.com/",
      linkedin: "https://www.linkedin.com/in/ada",
    });
    expect(saved).toMatchObject({ headline: "Inventor of the folding ladder", expertise: ["cad", "patents"], city: "Leeds", country: "GB", stage: "patent-pending", hidden: false });
    expect((await t.app.inject({ url: "/api/me/member-profile", headers: { cookie: ada.cookie } })).json()).toEqual(saved);
  });

  it("refuses too long text, too many or too long tags, unknown countries and links that are not http(s), naming the field and the rule", async () => {
    const member = await memberCookie(t, "free");
    const refusal = async (body: object) => {
      const response = await api.saveRaw(member.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return response.json().error.message as string;
    };
    expect(await refusal({ headline: "x".repeat(121) })).toBe(PEOPLE_MESSAGES.headlineTooLong);
    expect(PEOPLE_MESSAGES.headlineTooLong).toBe("Headline must be at most 120 characters long");
    expect(await refusal({ bio: "x".repeat(1001) })).toBe("Bio must be at most 1,000 characters long");
    expect(await refusal({ building: "x".repeat(201) })).toBe(PEOPLE_MESSAGES.buildingTooLong);
    expect(await refusal({ city: "x".repeat(81) })).toBe(PEOPLE_MESSAGES.cityTooLong);
    expect(await refusal({ expertise: Array.from({ length: 11 }, (_, index) => `tag${index}`) })).toBe(PEOPLE_MESSAGES.tooManyTags);
    expect(await refusal({ expertise: ["x".repeat(31)] })).toBe(PEOPLE_MESSAGES.tagTooLong);
    expect(await refusal({ country: "XX" })).toBe(PEOPLE_MESSAGES.countryInvalid);
    expect(await refusal({ stage: "someday" })).toMatch(/^Stage must be one of/);
    for (const website of ["javascript:alert(1)", "data:text/html,hi", "ftp://example.com", "example.com", "https://localhost"]) {
      expect(await refusal({ website }), website).toBe(PEOPLE_MESSAGES.websiteInvalid);
    }
    for (const linkedin of ["https://example.com/in/ada", "javascript:alert('linkedin.com')", "https://linkedin.com.evil.example/in/ada"]) {
      expect(await refusal({ linkedin }), linkedin).toBe(PEOPLE_MESSAGES.linkedinInvalid);
    }
    const control = await api.saveRaw(member.cookie, { headline: "Bell\u0007" });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.fields).toEqual({ headline: FORBIDDEN_CHARACTER_MESSAGE });
    // Ten tags that repeat down to fewer are fine; a cleared link is fine.
    expect((await api.save(member.cookie, { expertise: [...Array.from({ length: 10 }, (_, index) => `t${index}`), "T1"], website: "" })).expertise).toHaveLength(10);
  });

  it("answers 401 to visitors", async () => {
    expect((await t.app.inject({ url: "/api/me/member-profile" })).statusCode).toBe(401);
    expect((await sendJson(t.app, "PUT", "/api/me/member-profile", {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/people/${admin.userId}` })).statusCode).toBe(401);
  });
});

describe("a profile page", () => {
  it("shows photo, name, badge, words, links and member since; isMe only to the member", async () => {
    const ben = await memberCookie(t, "brand-ceo", "Ben Profiled");
    const viewer = await memberCookie(t, "free");
    await t.database.db.update(users).set({ image: "https://example.com/ben.png" }).where(eq(users.id, ben.userId));
    await api.save(ben.cookie, { headline: "Packaging nerd", bio: "I fold boxes.", building: "A box", stage: "selling", expertise: ["packaging"], city: "Lyon", country: "FR", website: "http://ben.example.com", linkedin: "https://linkedin.com/in/ben" });

    const seen = await api.shown(viewer.cookie, ben.userId);
    expect(seen).toMatchObject({
      visibility: "shown",
      name: "Ben Profiled",
      profilePicture: "https://example.com/ben.png",
      badge: "brand-ceo",
      headline: "Packaging nerd",
      bio: "I fold boxes.",
      building: "A box",
      stage: "selling",
      expertise: ["packaging"],
      city: "Lyon",
      country: "FR",
      website: "http://ben.example.com",
      linkedin: "https://linkedin.com/in/ben",
      isMe: false,
      textHidden: false,
      canModerate: false,
    });
    expect(Date.parse(seen.memberSince)).toBeGreaterThan(0);
    expect((await api.shown(ben.cookie, ben.userId)).isMe).toBe(true);
    expect((await api.shown(viewer.cookie, admin.userId)).badge).toBe("admin");
  });

  it("answers 404 for an unknown or deleted member", async () => {
    const viewer = await memberCookie(t, "free");
    const gone = await memberCookie(t, "free");
    await t.database.db.delete(users).where(eq(users.id, gone.userId));
    for (const id of ["no-such-member", gone.userId]) {
      const response = await t.app.inject({ url: `/api/people/${id}`, headers: { cookie: viewer.cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(PEOPLE_MESSAGES.notFound);
    }
  });

  it("keeps a hidden member's profile to themselves and admins; others see only that it is private", async () => {
    const shy = await memberCookie(t, "inventor", "Shy Sam");
    const viewer = await memberCookie(t, "brand-ceo");
    await api.save(shy.cookie, { headline: "Not for everyone", hidden: true });
    expect(await api.profile(viewer.cookie, shy.userId)).toEqual({ visibility: "private", id: shy.userId, name: "Shy Sam" });
    expect(await api.shown(shy.cookie, shy.userId)).toMatchObject({ headline: "Not for everyone", hidden: true, isMe: true });
    expect(await api.shown(admin.cookie, shy.userId)).toMatchObject({ headline: "Not for everyone", hidden: true, canModerate: true });
    expect((await api.directory(viewer.cookie, "q=shy")).members).toEqual([]);
  });

  it("lists the member's recent posts that the viewer's tier may read, never hidden ones or those posted as Admin", async () => {
    const author = await memberCookie(t, "brand-ceo", "Prolific Poster");
    const insert = (content: string, values: Partial<typeof communityPosts.$inferInsert> = {}) => t.database.db.insert(communityPosts).values({ authorId: author.userId, content, ...values });
    await insert("For everyone");
    await insert("For brand CEOs only", { accessLevel: "brand-ceo" });
    await insert("For inventors and up", { accessLevel: "inventor" });
    await insert("Hidden by moderation", { hidden: true });
    await insert("Said as Admin", { postedAsAdmin: true });

    const free = await memberCookie(t, "free");
    const inventor = await memberCookie(t, "inventor");
    const excerpts = async (cookie: string) => (await api.shown(cookie, author.userId)).recentPosts.map((post) => post.excerpt).sort();
    expect(await excerpts(free.cookie)).toEqual(["For everyone"]);
    expect(await excerpts(inventor.cookie)).toEqual(["For everyone", "For inventors and up"]);
    expect(await excerpts(admin.cookie)).toEqual(["For brand CEOs only", "For everyone", "For inventors and up"]);
  });
});

describe("an admin hiding a profile's text", () => {
  it("withholds the text from others and from search, tells the member, records it, and restores it", async () => {
    const rude = await memberCookie(t, "inventor", "Rude Rita");
    const viewer = await memberCookie(t, "free");
    await api.save(rude.cookie, { headline: "Buy my spamtastic pills", bio: "spam", expertise: ["spamming"], website: "https://spam.example.com" });

    const forbidden = await sendJson(t.app, "PUT", `/api/admin/people/${rude.userId}/text-hidden`, undefined, viewer.cookie);
    expect(forbidden.statusCode).toBe(403);
    const hid = await sendJson(t.app, "PUT", `/api/admin/people/${rude.userId}/text-hidden`, undefined, admin.cookie);
    expect(hid.statusCode).toBe(200);
    expect(hid.json()).toEqual({ textHidden: true });

    expect(await api.shown(viewer.cookie, rude.userId)).toMatchObject({ name: "Rude Rita", headline: "", bio: "", expertise: [], website: "", textHidden: true });
    expect(await api.shown(rude.cookie, rude.userId)).toMatchObject({ headline: "Buy my spamtastic pills", textHidden: true });
    expect(await api.shown(admin.cookie, rude.userId)).toMatchObject({ headline: "Buy my spamtastic pills", textHidden: true });
    expect((await t.app.inject({ url: "/api/me/member-profile", headers: { cookie: rude.cookie } })).json()).toMatchObject({ textHidden: true });
    expect((await api.directory(viewer.cookie, "q=spamtastic")).members).toEqual([]);
    expect((await api.directory(viewer.cookie, "q=rude+rita")).members).toEqual([expect.objectContaining({ id: rude.userId, headline: "", expertise: [] })]);
    // The member editing their profile does not lift the admin's decision.
    await api.save(rude.cookie, { headline: "Still spamtastic" });
    expect((await api.shown(viewer.cookie, rude.userId)).headline).toBe("");

    const restored = await sendJson(t.app, "DELETE", `/api/admin/people/${rude.userId}/text-hidden`, undefined, admin.cookie);
    expect(restored.json()).toEqual({ textHidden: false });
    expect((await api.shown(viewer.cookie, rude.userId)).headline).toBe("Still spamtastic");
    expect((await api.directory(viewer.cookie, "q=spamtastic")).members.map((member) => member.id)).toEqual([rude.userId]);

    const log = (await t.app.inject({ url: "/api/admin/audit-log", headers: { cookie: admin.cookie } })).json<AuditLogPage>();
    expect(log.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ action: "restore-profile-text", before: { textHidden: true }, after: { textHidden: false } }),
      expect.objectContaining({ action: "hide-profile-text", before: { textHidden: false }, after: { textHidden: true } }),
    ]);
    expect((await sendJson(t.app, "PUT", "/api/admin/people/no-such-member/text-hidden", undefined, admin.cookie)).statusCode).toBe(404);
  });
});
