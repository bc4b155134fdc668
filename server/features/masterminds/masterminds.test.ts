import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicMastermindsResponse } from "../../../common/contracts/marketing";
import { users } from "../../auth/auth.table";
import { buildTestApp, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function memberWithTier(tier: "free" | "inventor" | "entrepreneur" | "brand-ceo"): Promise<string> {
  const email = uniqueEmail(tier);
  const cookie = await signUp(t.app, { name: `Member ${tier}`, email, password: "secret1" });
  await t.database.db.update(users).set({ membershipTier: tier }).where(eq(users.email, email));
  return cookie;
}

async function masterminds(cookie?: string): Promise<PublicMastermindsResponse> {
  const response = await t.app.inject({ url: "/api/masterminds", headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const recordings = (body: PublicMastermindsResponse) => Object.fromEntries(body.past.map((session) => [session.id, session.recordingUrl]));

describe("GET /api/masterminds", () => {
  it("lists upcoming sessions by date ascending and past ones newest first, to everyone", async () => {
    const body = await masterminds();
    const upcomingTimes = body.upcoming.map((session) => Date.parse(session.date));
    expect(upcomingTimes).toEqual([...upcomingTimes].sort((a, b) => a - b));
    expect(body.upcoming.every((session) => Date.parse(session.date) > Date.now())).toBe(true);
    expect(body.past.length).toBeGreaterThan(0);
    expect(body.past[0]).toMatchObject({ title: expect.any(String), facilitator: expect.any(String), participants: expect.any(Number), location: expect.any(String), time: expect.any(String) });
  });

  it.each([
    ["anonymous visitors", undefined],
    ["free members", "free"],
    ["inventors", "inventor"],
  ] as const)("never hands %s a recording link", async (_label, tier) => {
    const body = await masterminds(tier ? await memberWithTier(tier) : undefined);
    expect(body.hasAccess).toBe(false);
    expect(body.past.every((session) => session.recordingUrl === null && !session.canAccess)).toBe(true);
    expect(body.past.some((session) => session.hasRecording)).toBe(true);
  });

  it("gives entrepreneurs every recording except the brand-ceo (VIP) sessions", async () => {
    const body = await masterminds(await memberWithTier("entrepreneur"));
    expect(body.hasAccess).toBe(true);
    for (const session of body.past) {
      expect(session.recordingUrl !== null).toBe(session.tier !== "brand-ceo");
    }
    expect(recordings(body)["retail-buyers"]).toBeNull();
  });

  it("gives brand-ceo members every recording", async () => {
    const body = await masterminds(await memberWithTier("brand-ceo"));
    expect(body.past.every((session) => session.recordingUrl !== null && session.canAccess)).toBe(true);
    expect(body.upcoming.every((session) => session.canAccess)).toBe(true);
  });
});
