import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentLevel } from "../../../common/content";
import type { MastermindSession, RsvpResponse, SessionInput, SessionsResponse } from "../../../common/contracts/sessions";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, sendJson, type TestApp, type TestAudience } from "../../test/build-test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
});
afterAll(() => t.close());

const LEVELS: ContentLevel[] = ["all", "inventor", "entrepreneur", "brand-ceo"];

/**
 * Spec 000 §6, written out: brand-ceo sees every session, entrepreneur the inventor and entrepreneur
 * ones, inventor the inventor ones, anyone else none. A session for all members is open to every
 * paid tier (spec 001 §3); admins see everything.
 */
const OPENS: Record<TestAudience, ContentLevel[]> = {
  free: [],
  inventor: ["all", "inventor"],
  entrepreneur: ["all", "inventor", "entrepreneur"],
  "brand-ceo": ["all", "inventor", "entrepreneur", "brand-ceo"],
  admin: ["all", "inventor", "entrepreneur", "brand-ceo"],
};

const input = (overrides: Partial<SessionInput> = {}): SessionInput => ({
  title: "Quarterly Mastermind",
  date: "2099-06-15",
  time: "10:00 AM-12:00 PM ET",
  location: "Live video call",
  description: "Bring your blocker.",
  tier: "all",
  facilitator: "Founder & Community Host",
  participants: 20,
  isPast: false,
  recordingUrl: null,
  ...overrides,
});

async function create(overrides: Partial<SessionInput> = {}): Promise<MastermindSession> {
  const response = await sendJson(t.app, "POST", "/api/admin/sessions", input(overrides), admin);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const list = async (cookie: string, url = "/api/members/sessions"): Promise<SessionsResponse> => {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const rsvp = (method: "POST" | "DELETE", id: number, cookie?: string) => sendJson(t.app, method, `/api/members/sessions/${id}/rsvp`, undefined, cookie);

describe("who sees which session", () => {
  const upcoming = new Map<ContentLevel, MastermindSession>();
  const past = new Map<ContentLevel, MastermindSession>();
  beforeAll(async () => {
    for (const [index, level] of LEVELS.entries()) {
      upcoming.set(level, await create({ title: `Matrix upcoming ${level}`, tier: level, date: `2098-01-0${index + 1}` }));
      past.set(level, await create({ title: `Matrix past ${level}`, tier: level, date: `2020-01-0${index + 1}`, isPast: true, recordingUrl: `https://video.example/${level}` }));
    }
  });

  const matrix = (sessions: MastermindSession[]) => sessions.filter((session) => session.title.startsWith("Matrix")).map((session) => session.title);

  it.each(Object.keys(OPENS) as TestAudience[])("gives %s exactly the sessions of its levels, by list, id, RSVP and calendar", async (audience) => {
    const { cookie } = await memberCookie(t, audience);
    const opens = OPENS[audience];
    const body = await list(cookie);
    expect(matrix(body.upcoming)).toEqual(LEVELS.filter((level) => opens.includes(level)).map((level) => `Matrix upcoming ${level}`));
    expect(matrix(body.past)).toEqual(
      LEVELS.filter((level) => opens.includes(level))
        .reverse()
        .map((level) => `Matrix past ${level}`),
    );
    for (const session of body.past.filter((item) => item.title.startsWith("Matrix"))) expect(session.recordingUrl).toBe(`https://video.example/${session.tier}`);

    for (const level of LEVELS) {
      const allowed = opens.includes(level);
      const expected = allowed ? 200 : 403;
      const open = upcoming.get(level)!;
      const done = past.get(level)!;
      const single = await get(`/api/members/sessions/${open.id}`, cookie);
      expect(single.statusCode, `${audience} reads ${level}`).toBe(expected);
      if (allowed) expect(single.json()).toMatchObject({ id: open.id, title: open.title, tier: level });
      else expect(single.body).not.toContain(open.title);
      expect((await get(`/api/members/sessions/${done.id}`, cookie)).statusCode).toBe(expected);
      expect((await rsvp("POST", open.id, cookie)).statusCode, `${audience} RSVPs to ${level}`).toBe(expected);
      expect((await rsvp("DELETE", open.id, cookie)).statusCode).toBe(expected);
      // A past session never takes an RSVP; outside the viewer's levels it is still a 403.
      expect((await rsvp("POST", done.id, cookie)).statusCode).toBe(allowed ? 409 : 403);
      const calendar = await get(`/api/members/sessions/${open.id}/calendar.ics`, cookie);
      expect(calendar.statusCode, `${audience} downloads ${level}`).toBe(expected);
      if (!allowed) expect(calendar.body).not.toContain("BEGIN:VCALENDAR");
    }
  });

  it("answers 401 to visitors on every members endpoint", async () => {
    const id = upcoming.get("all")!.id;
    for (const url of ["/api/members/sessions", `/api/members/sessions/${id}`, `/api/members/sessions/${id}/calendar.ics`]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await rsvp("POST", id)).statusCode).toBe(401);
    expect((await rsvp("DELETE", id)).statusCode).toBe(401);
  });

  it("answers 403 to a deactivated brand-ceo member, who sees nothing", async () => {
    const member = await memberCookie(t, "brand-ceo");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.userId));
    t.viewers.forgetUser(member.userId);
    const refused = await get("/api/members/sessions", member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("Matrix");
    expect((await rsvp("POST", upcoming.get("all")!.id, member.cookie)).statusCode).toBe(403);
  });

  it("answers 404 for unknown or malformed ids", async () => {
    const { cookie } = await memberCookie(t, "brand-ceo");
    for (const id of ["999999", "0", "abc", "1e3", "99999999999"]) {
      const response = await get(`/api/members/sessions/${id}`, cookie);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe("Session not found");
    }
    expect((await rsvp("POST", 999999, cookie)).statusCode).toBe(404);
  });
});

describe("the members' list", () => {
  it("puts upcoming sessions soonest first, then past ones newest first, recordings only on past ones", async () => {
    const { cookie } = await memberCookie(t, "inventor");
    await create({ title: "Order C", date: "2097-03-20" });
    await create({ title: "Order A", date: "2097-03-02" });
    await create({ title: "Order B", date: "2097-03-10", tier: "inventor" });
    await create({ title: "Order old", date: "2019-05-01", isPast: true, recordingUrl: "https://video.example/old" });
    await create({ title: "Order recent", date: "2019-09-01", isPast: true, recordingUrl: "https://video.example/recent" });
    await create({ title: "Order mid", date: "2019-07-01", isPast: true });
    const body = await list(cookie);
    const titles = (sessions: MastermindSession[]) => sessions.filter((session) => session.title.startsWith("Order")).map((session) => session.title);
    expect(titles(body.upcoming)).toEqual(["Order A", "Order B", "Order C"]);
    expect(titles(body.past)).toEqual(["Order recent", "Order mid", "Order old"]);
    expect(body.upcoming.every((session) => !session.isPast && session.recordingUrl === null)).toBe(true);
    expect(body.past.find((session) => session.title === "Order recent")?.recordingUrl).toBe("https://video.example/recent");
  });

  it("gives free members empty lists even when sessions for all members exist", async () => {
    await create({ title: "Open to every paid tier", tier: "all" });
    const { cookie } = await memberCookie(t, "free");
    expect(await list(cookie)).toEqual({ upcoming: [], past: [] });
  });
});

describe("RSVP", () => {
  it("is idempotent and shows the attendees, in RSVP order, to another member", async () => {
    const session = await create({ title: "RSVP session", tier: "inventor" });
    const first = await memberCookie(t, "inventor", "Ada Inventor");
    const second = await memberCookie(t, "entrepreneur", "Grace Entrepreneur");
    const watcher = await memberCookie(t, "brand-ceo", "Watching Member");

    const once: RsvpResponse = (await rsvp("POST", session.id, first.cookie)).json();
    expect(once).toEqual({ going: true, attendees: [{ id: first.userId, name: "Ada Inventor" }] });
    const twice = await rsvp("POST", session.id, first.cookie);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(once);
    await rsvp("POST", session.id, second.cookie);

    const seen: MastermindSession = (await get(`/api/members/sessions/${session.id}`, watcher.cookie)).json();
    expect(seen.going).toBe(false);
    expect(seen.attendees).toEqual([
      { id: first.userId, name: "Ada Inventor" },
      { id: second.userId, name: "Grace Entrepreneur" },
    ]);
    const listed = (await list(first.cookie)).upcoming.find((item) => item.id === session.id);
    expect(listed).toMatchObject({ going: true, attendees: seen.attendees });

    const left: RsvpResponse = (await rsvp("DELETE", session.id, first.cookie)).json();
    expect(left).toEqual({ going: false, attendees: [{ id: second.userId, name: "Grace Entrepreneur" }] });
    const leftAgain = await rsvp("DELETE", session.id, first.cookie);
    expect(leftAgain.statusCode).toBe(200);
    expect(leftAgain.json()).toEqual(left);
  });

  it("refuses past sessions with a clear message, both ways", async () => {
    const session = await create({ title: "Already happened", isPast: true, date: "2021-02-02" });
    const { cookie } = await memberCookie(t, "inventor");
    for (const method of ["POST", "DELETE"] as const) {
      const response = await rsvp(method, session.id, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: "CONFLICT", message: "This session has already taken place, so RSVPs are closed." });
    }
  });
});

/** Unfolds RFC 5545 lines and reads the VEVENT's properties by name (with their parameters). */
function parseCalendar(body: string): { lines: string[]; props: Map<string, string> } {
  const lines = body.replace(/\r\n[ \t]/g, "").split("\r\n");
  const props = new Map<string, string>();
  let inEvent = false;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") inEvent = true;
    else if (line === "END:VEVENT") inEvent = false;
    else if (inEvent) {
      const colon = line.indexOf(":");
      props.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return { lines, props };
}

describe("calendar file", () => {
  const download = async (id: number, cookie: string) => {
    const response = await get(`/api/members/sessions/${id}/calendar.ics`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it("is a valid VCALENDAR with CRLF lines of at most 75 octets, UTC times, escaped text and a stable UID", async () => {
    const description = `Bring notes; samples, and questions \\ ideas.\nSecond line with ünïcødé ${"and a long tail ".repeat(10)}`;
    const summer = await create({ title: "Pricing, margins; and you", date: "2030-07-15", time: "10:00 AM-12:00 PM ET", description, location: "Room 1, Orlando" });
    const { cookie } = await memberCookie(t, "inventor");
    const response = await download(summer.id, cookie);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="pricing-margins-and-you.ics"');

    const body = response.body;
    expect(body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);

    const { lines, props } = parseCalendar(body);
    expect(lines).toEqual(expect.arrayContaining(["VERSION:2.0", "BEGIN:VEVENT", "END:VEVENT"]));
    expect(lines.find((line) => line.startsWith("PRODID:"))).toBeDefined();
    expect(props.get("DTSTART")).toBe("20300715T140000Z");
    expect(props.get("DTEND")).toBe("20300715T160000Z");
    expect(props.get("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(props.get("SUMMARY")).toBe("Pricing\\, margins\\; and you");
    expect(props.get("LOCATION")).toBe("Room 1\\, Orlando");
    expect(props.get("DESCRIPTION")).toContain("Bring notes\\; samples\\, and questions \\\\ ideas.\\nSecond line with ünïcødé");
    expect(props.get("DESCRIPTION")).toContain("Facilitator: Founder & Community Host");

    const again = parseCalendar((await download(summer.id, cookie)).body).props;
    expect(again.get("UID")).toBe(props.get("UID"));
    const other = await create({ title: "Another", date: "2030-01-15", time: "1:00 PM-3:00 PM PT" });
    const winter = parseCalendar((await download(other.id, cookie)).body).props;
    expect(winter.get("UID")).not.toBe(props.get("UID"));
    expect(winter.get("DTSTART")).toBe("20300115T210000Z");
    expect(winter.get("DTEND")).toBe("20300115T230000Z");
  });

  it("reads a time without a zone as New York time and falls back to an all-day event it cannot read", async () => {
    const { cookie } = await memberCookie(t, "brand-ceo");
    const noZone = await create({ date: "2030-01-15", time: "9:30 AM - 11 AM" });
    const plain = parseCalendar((await download(noZone.id, cookie)).body).props;
    expect([plain.get("DTSTART"), plain.get("DTEND")]).toEqual(["20300115T143000Z", "20300115T160000Z"]);

    const retreat = await create({ title: "VIP CEO Retreat", tier: "brand-ceo", date: "2030-12-31", time: "Three days, 9:00 AM-5:00 PM ET" });
    const allDay = parseCalendar((await download(retreat.id, cookie)).body).props;
    expect(allDay.get("DTSTART;VALUE=DATE")).toBe("20301231");
    expect(allDay.get("DTEND;VALUE=DATE")).toBe("20310101");
    expect(allDay.get("DESCRIPTION")).toContain("Time: Three days\\, 9:00 AM-5:00 PM ET");
  });
});

describe("admin sessions", () => {
  it("creates (201), lists everything, updates and deletes (204), keeping a recording only on past sessions", async () => {
    const created = await sendJson(t.app, "POST", "/api/admin/sessions", { ...input({ title: "Admin made", tier: "brand-ceo", recordingUrl: "https://video.example/early" }), id: 4242, attendees: [{ id: "x", name: "Injected" }] }, admin);
    expect(created.statusCode).toBe(201);
    const session: MastermindSession = created.json();
    expect(session).toMatchObject({ title: "Admin made", tier: "brand-ceo", isPast: false, recordingUrl: null, attendees: [], going: false });
    expect(session.id).not.toBe(4242);

    const all: SessionsResponse = await list(admin, "/api/admin/sessions");
    expect(all.upcoming.map((item) => item.id)).toContain(session.id);
    expect(all.upcoming.some((item) => item.tier === "brand-ceo") && all.past.length > 0).toBe(true);

    const toPast = await sendJson(t.app, "PUT", `/api/admin/sessions/${session.id}`, input({ title: "Admin made (recorded)", tier: "brand-ceo", isPast: true, recordingUrl: "https://video.example/rec" }), admin);
    expect(toPast.statusCode).toBe(200);
    expect(toPast.json()).toMatchObject({ id: session.id, title: "Admin made (recorded)", isPast: true, recordingUrl: "https://video.example/rec" });

    const backToUpcoming = await sendJson(t.app, "PUT", `/api/admin/sessions/${session.id}`, input({ tier: "brand-ceo", isPast: false, recordingUrl: "https://video.example/rec" }), admin);
    expect(backToUpcoming.json()).toMatchObject({ isPast: false, recordingUrl: null });
    const { cookie } = await memberCookie(t, "brand-ceo");
    expect((await get(`/api/members/sessions/${session.id}`, cookie)).json().recordingUrl).toBeNull();

    expect((await sendJson(t.app, "DELETE", `/api/admin/sessions/${session.id}`, undefined, admin)).statusCode).toBe(204);
    expect((await get(`/api/members/sessions/${session.id}`, cookie)).statusCode).toBe(404);
    expect((await sendJson(t.app, "DELETE", `/api/admin/sessions/${session.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await sendJson(t.app, "PUT", `/api/admin/sessions/${session.id}`, input(), admin)).statusCode).toBe(404);
  });

  it("deletes a session together with its RSVPs", async () => {
    const session = await create({ title: "Goes away" });
    const { cookie } = await memberCookie(t, "inventor");
    expect((await rsvp("POST", session.id, cookie)).statusCode).toBe(200);
    expect((await sendJson(t.app, "DELETE", `/api/admin/sessions/${session.id}`, undefined, admin)).statusCode).toBe(204);
    expect((await list(cookie)).upcoming.some((item) => item.id === session.id)).toBe(false);
  });

  it("answers 400 with the schema's message for each invalid field", async () => {
    const empty = await sendJson(t.app, "POST", "/api/admin/sessions", {}, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: {
        title: "Title is required",
        date: "Date is required",
        time: "Time is required",
        location: "Location is required",
        description: "Description is required",
        tier: "Tier is required",
      },
    });
    const bad = await sendJson(t.app, "POST", "/api/admin/sessions", input({ title: "   ", date: "2030-02-30", tier: "gold" as ContentLevel, participants: -1, isPast: true, recordingUrl: "javascript:alert(1)" }), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      title: "Title is required",
      date: "Date is not a valid date",
      tier: "Tier must be one of all, inventor, entrepreneur or brand-ceo",
      participants: "Participants must be a whole number from 0 to 100,000",
      recordingUrl: "Please enter a valid URL starting with http:// or https://",
    });
    const kept = await create({ title: "Kept as it was" });
    const badUpdate = await sendJson(t.app, "PUT", `/api/admin/sessions/${kept.id}`, { ...input({ title: "Changed" }), time: "" }, admin);
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().error.fields).toEqual({ time: "Time is required" });
    expect((await get(`/api/members/sessions/${kept.id}`, admin)).json().title).toBe("Kept as it was");
  });

  it("answers 403 to members and 401 to visitors on every admin route", async () => {
    const session = await create({ title: "Guarded" });
    const { cookie } = await memberCookie(t, "brand-ceo");
    for (const who of [cookie, undefined]) {
      const status = who ? 403 : 401;
      expect((await get("/api/admin/sessions", who)).statusCode).toBe(status);
      expect((await sendJson(t.app, "POST", "/api/admin/sessions", input({ title: "Sneaky" }), who)).statusCode).toBe(status);
      expect((await sendJson(t.app, "PUT", `/api/admin/sessions/${session.id}`, input({ title: "Sneaky" }), who)).statusCode).toBe(status);
      expect((await sendJson(t.app, "DELETE", `/api/admin/sessions/${session.id}`, undefined, who)).statusCode).toBe(status);
    }
    const still: MastermindSession = (await get(`/api/members/sessions/${session.id}`, cookie)).json();
    expect(still.title).toBe("Guarded");
  });
});
