import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { advanceLocalSubscription } from "./local/local.service";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const DAY_MS = 86_400_000;
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const account = async (cookie: string) => (await get("/api/billing/account", cookie)).json();
const tierOf = async (cookie: string) => (await get("/api/me", cookie)).json().user.membershipTier;
const charged = async (cookie: string) => ((await account(cookie)).invoices as Array<{ amountCents: number }>).map((invoice) => invoice.amountCents).reverse();
const change = (cookie: string, body: { plan: string; prorationDate?: string }) => postJson(t.app, "/api/billing/change-plan", body, { cookie });

async function subscriber(plan: string) {
  const email = uniqueEmail("plans");
  const cookie = await signUp(t.app, { name: "Plan Changer", email, password: "secret1" });
  const started = await postJson(t.app, "/api/billing/checkout", { plan }, { cookie });
  const sessionId = String(started.json().url).split("/").pop() ?? "";
  expect((await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242424242424242" }, { cookie })).statusCode).toBe(200);
  const id = (await get("/api/me", cookie)).json().user.id as string;
  const { currentPeriodStart, currentPeriodEnd } = (await account(cookie)).subscription;
  return { cookie, id, periodStart: Date.parse(currentPeriodStart), periodEnd: Date.parse(currentPeriodEnd) };
}

describe("plan changes in test mode", () => {
  it("down, back, down then up over a period: charged the price paid plus the difference for the days left, never twice", async () => {
    const member = await subscriber("entrepreneur");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(member.periodStart + 2 * DAY_MS);

    expect((await change(member.cookie, { plan: "inventor" })).json()).toEqual({ takesEffect: "period_end", chargedCents: 0 });
    expect(await tierOf(member.cookie)).toBe("entrepreneur");
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "entrepreneur", pendingTier: "inventor", downgradeTakesEffectAt: new Date(member.periodEnd).toISOString() });

    const back = await get("/api/billing/change-plan/preview?plan=entrepreneur", member.cookie);
    expect(back.json()).toMatchObject({ takesEffect: "now", amountDueTodayCents: 0 });
    expect((await change(member.cookie, { plan: "entrepreneur" })).json()).toEqual({ takesEffect: "now", chargedCents: 0 });
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "entrepreneur", pendingTier: null, downgradeTakesEffectAt: null });
    expect((await change(member.cookie, { plan: "entrepreneur" })).json().error.message).toBe("You are already on this plan.");

    await change(member.cookie, { plan: "inventor" });
    vi.setSystemTime(member.periodStart + 10 * DAY_MS);
    const preview = (await get("/api/billing/change-plan/preview?plan=brand-ceo", member.cookie)).json();
    // $499 − $249 for the 20 of 30 days left, from the Entrepreneur price actually paid.
    expect(preview).toMatchObject({ plan: "brand-ceo", takesEffect: "now", amountDueTodayCents: 16_667 });
    vi.setSystemTime(member.periodStart + 10 * DAY_MS + 40_000);
    expect((await change(member.cookie, { plan: "brand-ceo", prorationDate: preview.prorationDate })).json()).toEqual({ takesEffect: "now", chargedCents: 16_667 });
    expect(await tierOf(member.cookie)).toBe("brand-ceo");
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "brand-ceo", pendingTier: null, downgradeTakesEffectAt: null });
    expect(await charged(member.cookie)).toEqual([24_900, 16_667]);
  });

  it("a downgrade starts with the next period at the lower price; a cancellation drops the pending change and ends at the period end", async () => {
    const member = await subscriber("brand-ceo");
    await change(member.cookie, { plan: "inventor" });
    if (!t.billing) throw new Error("billing not configured");
    await advanceLocalSubscription(t.billing, member.id, "renew");
    expect(await tierOf(member.cookie)).toBe("inventor");
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "inventor", pendingTier: null });

    // The renewed period has not started to run down: an upgrade costs the whole difference; the way back waits for the period end.
    expect((await change(member.cookie, { plan: "entrepreneur" })).json()).toEqual({ takesEffect: "now", chargedCents: 15_000 });
    await change(member.cookie, { plan: "inventor" });
    await postJson(t.app, "/api/billing/local/portal", { action: "cancel" }, { cookie: member.cookie });
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "entrepreneur", pendingTier: null, cancelAtPeriodEnd: true });
    await advanceLocalSubscription(t.billing, member.id, "end-period");
    expect(await tierOf(member.cookie)).toBe("free");
    expect(await charged(member.cookie)).toEqual([49_900, 9_900, 15_000]);
  });

  it("an upgrade during a pending cancellation says it resumes the subscription, charges the prorated difference and keeps the renewal day", async () => {
    const member = await subscriber("inventor");
    await postJson(t.app, "/api/billing/local/portal", { action: "cancel" }, { cookie: member.cookie });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(member.periodStart + 15 * DAY_MS);
    const renewsAt = new Date(member.periodEnd).toISOString();

    const preview = (await get("/api/billing/change-plan/preview?plan=entrepreneur", member.cookie)).json();
    // $249 − $99 for the 15 of 30 days left.
    expect(preview).toMatchObject({ takesEffect: "now", amountDueTodayCents: 7_500, resumesAndRenewsAt: renewsAt });
    expect((await get("/api/billing/change-plan/preview?plan=brand-ceo", member.cookie)).json().resumesAndRenewsAt).toBe(renewsAt);
    expect((await change(member.cookie, { plan: "entrepreneur", prorationDate: preview.prorationDate })).json()).toEqual({ takesEffect: "now", chargedCents: 7_500 });
    expect((await account(member.cookie)).subscription).toMatchObject({ tier: "entrepreneur", cancelAtPeriodEnd: false, currentPeriodEnd: renewsAt });
    expect(await charged(member.cookie)).toEqual([9_900, 7_500]);
    // Nothing is cancelled any more: a further upgrade has nothing to resume.
    expect((await get("/api/billing/change-plan/preview?plan=brand-ceo", member.cookie)).json().resumesAndRenewsAt).toBeNull();
  });
});
