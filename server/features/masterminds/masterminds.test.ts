import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentLevel } from "../../../common/content";
import type { PublicMastermindSession, PublicMastermindsResponse } from "../../../common/contracts/marketing";
import { users } from "../../auth/auth.table";
import { buildTestApp, memberCookie, type TestApp, type TestAudience } from "../../test/build-test-app";
import { mastermindSessions } from "../sessions/sessions.table";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.insert(mastermindSessions).values([
    row("Upcoming brand-ceo", "brand-ceo", "2099-03-05"),
    row("Upcoming all", "all", "2099-01-20"),
    row("Upcoming entrepreneur", "entrepreneur", "2099-02-10"),
    // Stored with a link although upcoming (written straight to the table): the link must not leak.
    { ...row("Upcoming inventor", "inventor", "2099-02-01"), recordingUrl: "https://video.example/not-yet" },
    { ...row("Past inventor", "inventor", "2024-03-01", true), recordingUrl: "https://video.example/inventor" },
    { ...row("Past all", "all", "2024-05-01", true), recordingUrl: "https://video.example/all" },
    { ...row("Past brand-ceo", "brand-ceo", "2024-04-10", true), recordingUrl: "https://video.example/brand-ceo" },
    { ...row("Past entrepreneur", "entrepreneur", "2024-01-15", true), recordingUrl: "https://video.example/entrepreneur" },
    row("Past unrecorded", "entrepreneur", "2023-12-01", true),
  ]);
});
afterAll(() => t.close());

function row(title: string, tier: ContentLevel, date: string, isPast = false) {
  return { title, tier, date, isPast, time: "10:00 AM-12:00 PM ET", location: "Live video call", description: `About ${title}`, facilitator: "Founder & Community Host", participants: 24 };
}

async function masterminds(cookie?: string): Promise<PublicMastermindsResponse> {
  const response = await t.app.inject({ url: "/api/masterminds", headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * Written out from spec 000 §6: "On the public Masterminds page only entrepreneur and brand-ceo have
 * access; sessions of tier brand-ceo (VIP) only for brand-ceo" (admins always). Visitors, free and
 * Inventor members and deactivated accounts get neither access nor recording links.
 */
const EXPECTED: Record<TestAudience | "anonymous", { opens: ContentLevel[]; hasAccess: boolean }> = {
  anonymous: { opens: [], hasAccess: false },
  free: { opens: [], hasAccess: false },
  inventor: { opens: [], hasAccess: false },
  entrepreneur: { opens: ["all", "inventor", "entrepreneur"], hasAccess: true },
  "brand-ceo": { opens: ["all", "inventor", "entrepreneur", "brand-ceo"], hasAccess: true },
  admin: { opens: ["all", "inventor", "entrepreneur", "brand-ceo"], hasAccess: true },
};

const titles = (sessions: PublicMastermindSession[]) => sessions.map((session) => session.title);

describe("GET /api/masterminds", () => {
  it("shows everyone the whole programme from the sessions table: upcoming soonest first, past newest first", async () => {
    const body = await masterminds();
    expect(titles(body.upcoming)).toEqual(["Upcoming all", "Upcoming inventor", "Upcoming entrepreneur", "Upcoming brand-ceo"]);
    expect(titles(body.past)).toEqual(["Past all", "Past brand-ceo", "Past inventor", "Past entrepreneur", "Past unrecorded"]);
    const [stored] = await t.database.db.select({ id: mastermindSessions.id }).from(mastermindSessions).where(eq(mastermindSessions.title, "Upcoming all"));
    expect(body.upcoming[0]).toEqual({
      id: String(stored!.id),
      title: "Upcoming all",
      date: "January 20, 2099",
      time: "10:00 AM-12:00 PM ET",
      location: "Live video call",
      description: "About Upcoming all",
      facilitator: "Founder & Community Host",
      participants: 24,
      tier: "all",
      isPast: false,
      hasRecording: false,
      recordingUrl: null,
      canAccess: false,
      hasJoinLink: false,
    });
  });

  it("says whether the host has set a join link, never the link itself", async () => {
    const joinUrl = "https://meet.example.com/j/public-check";
    await t.database.db.update(mastermindSessions).set({ joinUrl }).where(eq(mastermindSessions.title, "Upcoming inventor"));
    const response = await t.app.inject({ url: "/api/masterminds" });
    expect(response.body).not.toContain(joinUrl);
    const body: PublicMastermindsResponse = response.json();
    expect(body.upcoming.map((session) => [session.title, session.hasJoinLink])).toEqual([
      ["Upcoming all", false],
      ["Upcoming inventor", true],
      ["Upcoming entrepreneur", false],
      ["Upcoming brand-ceo", false],
    ]);
  });

  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)("gives %s access and recording links by the public page's rule", async (audience) => {
    const { opens, hasAccess } = EXPECTED[audience];
    const body = await masterminds(audience === "anonymous" ? undefined : (await memberCookie(t, audience)).cookie);
    expect(body.hasAccess).toBe(hasAccess);
    for (const session of [...body.upcoming, ...body.past]) {
      expect(session.canAccess, `${audience} on ${session.title}`).toBe(opens.includes(session.tier));
    }
    for (const session of body.upcoming) expect(session).toMatchObject({ recordingUrl: null, hasRecording: false });
    for (const session of body.past) {
      const recorded = session.title !== "Past unrecorded";
      expect(session.hasRecording).toBe(recorded);
      expect(session.recordingUrl, `${audience} on ${session.title}`).toBe(recorded && opens.includes(session.tier) ? `https://video.example/${session.tier}` : null);
    }
  });

  it("treats a deactivated brand-ceo member as a visitor", async () => {
    const member = await memberCookie(t, "brand-ceo");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.userId));
    t.viewers.forgetUser(member.userId);
    const body = await masterminds(member.cookie);
    expect(body.hasAccess).toBe(false);
    expect([...body.upcoming, ...body.past].some((session) => session.canAccess || session.recordingUrl !== null)).toBe(false);
  });
});
