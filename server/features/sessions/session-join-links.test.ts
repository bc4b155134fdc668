import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_MESSAGES, type MastermindSession, type SessionInput, type SessionsResponse } from "../../../common/contracts/sessions";
import { buildTestApp, memberCookie, sendJson, type TestApp, type TestAudience } from "../../test/build-test-app";
import { mastermindsPageState } from "../masterminds/public-masterminds.service";
import { searchEntries } from "../search/search.table";
import { mastermindSessions } from "./sessions.table";

const JOIN_URL = "https://meet.example.com/j/zebrafinch-4471?pwd=secret";

let t: TestApp;
const cookies = {} as Record<TestAudience, string>;
let session: MastermindSession;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
  for (const audience of ["free", "inventor", "entrepreneur", "brand-ceo", "admin"] as const) cookies[audience] = (await memberCookie(t, audience)).cookie;
  session = await create({ joinUrl: JOIN_URL });
});
afterAll(() => t.close());

const input = (overrides: Partial<SessionInput> = {}): SessionInput => ({
  title: "Entrepreneur Pitch Clinic",
  date: "2099-06-15",
  time: "10:00 AM-12:00 PM ET",
  location: "Video call",
  description: "Bring your pitch deck.",
  tier: "entrepreneur",
  facilitator: "Founder",
  participants: 20,
  isPast: false,
  recordingUrl: null,
  ...overrides,
});

async function create(overrides: Partial<SessionInput> = {}): Promise<MastermindSession> {
  const response = await sendJson(t.app, "POST", "/api/admin/sessions", input(overrides), cookies.admin);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

/** Entrepreneur sessions are admitted to entrepreneur and brand-ceo members and admins (spec 000 §6). */
const ADMITTED: TestAudience[] = ["entrepreneur", "brand-ceo", "admin"];
const REFUSED: TestAudience[] = ["free", "inventor"];

describe("a session's join link reaches the members its tier admits", () => {
  it.each(ADMITTED)("%s gets it in the list, the session and its calendar file", async (audience) => {
    const list = (await get("/api/members/sessions", cookies[audience])).json() as SessionsResponse;
    expect(list.upcoming.find((item) => item.id === session.id)?.joinUrl).toBe(JOIN_URL);
    expect(((await get(`/api/members/sessions/${session.id}`, cookies[audience])).json() as MastermindSession).joinUrl).toBe(JOIN_URL);
    const calendar = await get(`/api/members/sessions/${session.id}/calendar.ics`, cookies[audience]);
    expect(calendar.statusCode).toBe(200);
    const unfolded = calendar.body.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain(`\r\nURL:${JOIN_URL}\r\n`);
    expect(unfolded).toContain(`Join: ${JOIN_URL}`);
  });

  it("is on the admin list, where the form reads it", async () => {
    const list = (await get("/api/admin/sessions", cookies.admin)).json() as SessionsResponse;
    expect(list.upcoming.find((item) => item.id === session.id)?.joinUrl).toBe(JOIN_URL);
  });

  it.each(REFUSED)("never reaches %s: the session is out of their lists, its page and calendar refused", async (audience) => {
    const list = await get("/api/members/sessions", cookies[audience]);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain("zebrafinch");
    for (const url of [`/api/members/sessions/${session.id}`, `/api/members/sessions/${session.id}/calendar.ics`]) {
      const response = await get(url, cookies[audience]);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain("zebrafinch");
    }
  });

  it("never reaches visitors", async () => {
    for (const url of ["/api/members/sessions", `/api/members/sessions/${session.id}`, `/api/members/sessions/${session.id}/calendar.ics`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain("zebrafinch");
    }
  });

  it.each([undefined, ...REFUSED, ...ADMITTED] as const)("is in no public answer, for %s: GET /api/masterminds, the /mastermind page's state, the dashboard", async (audience) => {
    const cookie = audience ? cookies[audience] : undefined;
    const publicAnswer = await get("/api/masterminds", cookie);
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.body).toContain("Entrepreneur Pitch Clinic");
    expect(publicAnswer.body).not.toContain("zebrafinch");
    const viewer = audience ? await t.viewers.resolve(cookie) : null;
    expect(JSON.stringify(await mastermindsPageState(t.database.db, viewer, "/mastermind"))).not.toContain("zebrafinch");
    if (audience) expect((await get("/api/members/dashboard", cookie)).body).not.toContain("zebrafinch");
  });

  it("is never searchable, nor in any search answer, even for admins", async () => {
    for (const audience of ADMITTED) {
      expect((await get("/api/search?q=zebrafinch", cookies[audience])).json().results).toEqual([]);
      const byTitle = await get("/api/search?q=pitch%20clinic", cookies[audience]);
      expect(byTitle.json().results.some((result: { kind: string }) => result.kind === "session")).toBe(true);
      expect(byTitle.body).not.toContain("zebrafinch");
    }
    const [entry] = await t.database.db
      .select({ words: sql<string>`${searchEntries.vector}::text` })
      .from(searchEntries)
      .where(and(eq(searchEntries.kind, "session"), eq(searchEntries.itemId, session.id)));
    expect(entry?.words).toContain("pitch");
    expect(entry?.words).not.toMatch(/zebrafinch|meet\.example/);
  });
});

describe("the admin form's rules", () => {
  it.each([
    ["an http link", "http://meet.example.com/j/1"],
    ["a script address", "javascript:alert(1)"],
    ["words", "ask the host"],
    ["a link with a space", "https://meet.example.com/j/1 2"],
  ])("refuses %s as join link with a clear message", async (_name, joinUrl) => {
    const response = await sendJson(t.app, "POST", "/api/admin/sessions", input({ joinUrl }), cookies.admin);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(SESSION_MESSAGES.joinUrlInvalid);
  });

  it.each(["https://meet.example.com/j/1", "Zoom: https://meet.example.com/j/1", "www.meet.example.com/j/1"])("refuses a link in the public location (%s), pointing to Join link", async (location) => {
    const response = await sendJson(t.app, "POST", "/api/admin/sessions", input({ location }), cookies.admin);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(SESSION_MESSAGES.locationHasLink);
  });

  it("keeps the join link optional, and drops it from past sessions, which have a recording instead", async () => {
    expect((await create()).joinUrl).toBeNull();
    expect((await create({ joinUrl: "" })).joinUrl).toBeNull();
    const past = await create({ joinUrl: JOIN_URL, isPast: true, date: "2024-01-01" });
    expect(past.joinUrl).toBeNull();
    const [stored] = await t.database.db.select({ joinUrl: mastermindSessions.joinUrl }).from(mastermindSessions).where(eq(mastermindSessions.id, past.id));
    expect(stored?.joinUrl).toBeNull();
  });

  it("changes and clears the join link on update", async () => {
    const created = await create({ joinUrl: JOIN_URL });
    const changed = await sendJson(t.app, "PUT", `/api/admin/sessions/${created.id}`, input({ joinUrl: "https://meet.example.com/j/2" }), cookies.admin);
    expect(changed.json().joinUrl).toBe("https://meet.example.com/j/2");
    const cleared = await sendJson(t.app, "PUT", `/api/admin/sessions/${created.id}`, input({ joinUrl: null }), cookies.admin);
    expect(cleared.json().joinUrl).toBeNull();
  });
});

describe("migration 0021: links already pasted into locations", () => {
  /** The migration's data step, run again on rows written the old way. */
  const moveLinks = readFileSync(new URL("../../db/migrations/0021_session_join_links.sql", import.meta.url), "utf8").split("--> statement-breakpoint")[1]!;

  it("moves each link to the join link and out of the location, the search entry following", async () => {
    const db = t.database.db;
    const row = (title: string, location: string) => ({ title, location, tier: "brand-ceo" as const, date: "2099-07-01", time: "7:00 PM ET", description: "Old row" });
    const rows = await db
      .insert(mastermindSessions)
      .values([
        row("Only a link", "https://zoom.example.com/j/9988?pwd=okapi"),
        row("Words and a link", "Zoom: https://zoom.example.com/j/7766."),
        row("No link", "Room 4, Orlando"),
      ])
      .returning({ id: mastermindSessions.id });
    const entryOf = async (id: number) => (await db.select({ words: sql<string>`${searchEntries.vector}::text` }).from(searchEntries).where(and(eq(searchEntries.kind, "session"), eq(searchEntries.itemId, id))))[0]?.words;
    expect(await entryOf(rows[0]!.id)).toContain("zoom.example.com");

    await db.execute(sql.raw(moveLinks));

    const after = await db.select({ title: mastermindSessions.title, location: mastermindSessions.location, joinUrl: mastermindSessions.joinUrl }).from(mastermindSessions).where(sql`${mastermindSessions.id} in (${sql.join(rows.map((item) => sql`${item.id}`), sql`, `)})`);
    expect(after.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: "No link", location: "Room 4, Orlando", joinUrl: null },
      { title: "Only a link", location: "", joinUrl: "https://zoom.example.com/j/9988?pwd=okapi" },
      { title: "Words and a link", location: "Zoom:", joinUrl: "https://zoom.example.com/j/7766" },
    ]);
    expect(await entryOf(rows[0]!.id)).not.toContain("zoom.example.com");
    expect((await get("/api/masterminds")).body).not.toContain("zoom.example.com");
  });
});
