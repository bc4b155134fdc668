import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentLevel } from "../../../common/content";
import type { DashboardEvent } from "../../../common/contracts/members";
import { buildTestApp, memberCookie, type TestApp, type TestAudience } from "../../test/build-test-app";
import { mastermindSessions } from "../sessions/sessions.table";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A calendar day `days` from today (UTC); two days or more keep clear of where "today" falls in any zone. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const longDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

const session = (title: string, tier: ContentLevel, days: number, isPast = false) => ({
  title,
  tier,
  date: dayFromToday(days),
  time: "10:00 AM-12:00 PM ET",
  location: "Live video call",
  description: `About ${title}`,
  isPast,
});

async function events(audience: TestAudience): Promise<DashboardEvent[]> {
  const { cookie } = await memberCookie(t, audience);
  const response = await t.app.inject({ url: "/api/members/dashboard", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().events;
}

describe("GET /api/members/dashboard", () => {
  beforeAll(async () => {
    await t.database.db.insert(mastermindSessions).values([
      session("VIP CEO Retreat", "brand-ceo", 2),
      session("Monthly Mastermind Session", "all", 3),
      session("Inventor Clinic", "inventor", 6),
      session("Market Testing Workshop", "entrepreneur", 9),
      session("Next Monthly Mastermind", "all", 40),
      session("Recorded last month", "all", -30, true),
      session("Marked past but dated ahead", "all", 5, true),
      session("Never marked past", "all", -3),
    ]);
  });

  // Spec 000 §6: the monthly mastermind (tier all) is shown to everyone, free members included; the
  // rest follow the session tiers (workshop entrepreneur and up, retreat brand-ceo only); past never.
  it.each([
    ["free", ["Monthly Mastermind Session", "Next Monthly Mastermind"]],
    ["inventor", ["Monthly Mastermind Session", "Inventor Clinic", "Next Monthly Mastermind"]],
    ["entrepreneur", ["Monthly Mastermind Session", "Inventor Clinic", "Market Testing Workshop"]],
    ["brand-ceo", ["VIP CEO Retreat", "Monthly Mastermind Session", "Inventor Clinic"]],
    ["admin", ["VIP CEO Retreat", "Monthly Mastermind Session", "Inventor Clinic"]],
  ] as const)("shows %s at most three upcoming events of their levels, soonest first", async (audience, titles) => {
    expect((await events(audience)).map((event) => event.title)).toEqual(titles);
  });

  it("describes each event with the session's id, date and time, description and tier", async () => {
    const [rows, [first]] = await Promise.all([t.database.db.select().from(mastermindSessions), events("free")]);
    const row = rows.find((candidate) => candidate.title === "Monthly Mastermind Session")!;
    expect(first).toEqual({
      id: String(row.id),
      title: "Monthly Mastermind Session",
      dateLabel: `${longDate(row.date)} · 10:00 AM-12:00 PM ET`,
      description: "About Monthly Mastermind Session",
      tier: "all",
    });
  });

  it("answers 401 to visitors", async () => {
    expect((await t.app.inject({ url: "/api/members/dashboard" })).statusCode).toBe(401);
  });
});
