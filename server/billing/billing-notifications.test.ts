import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "../../common/contracts/notifications";
import { buildTestApp, postJson, signUp, uniqueEmail, type TestApp } from "../test/build-test-app";
import { billingNotices, notifyRenewalsComing } from "./billing-notifications";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false" });
});
afterAll(() => t.close());

const active = { status: "active", tier: "inventor", paymentMethodBrand: "visa", paymentMethodLast4: "4242", cancelAtPeriodEnd: false, currentPeriodEnd: new Date("2026-12-27T00:00:00Z") } as const;

describe("billing notifications", () => {
  it("names what changed: a failed payment, a new card, a new plan, a cancellation, an ended subscription", () => {
    expect(billingNotices(active, { ...active, status: "past_due" })).toEqual([{ headline: "Your payment failed", excerpt: "Update your card on the Account page to keep your Inventor plan." }]);
    // Still failing at the next sync: told once.
    expect(billingNotices({ ...active, status: "past_due" }, { ...active, status: "past_due" })).toEqual([]);
    expect(billingNotices(active, { ...active, paymentMethodBrand: "mastercard", paymentMethodLast4: "4444" })).toEqual([{ headline: "Your card was updated", excerpt: "Payments now go to your mastercard ending in 4444." }]);
    expect(billingNotices(active, { ...active, cancelAtPeriodEnd: true })).toEqual([{ headline: "Your plan will not renew", excerpt: "Your Inventor plan ends on December 27, 2026." }]);
    expect(billingNotices(active, null)).toEqual([{ headline: "Your subscription ended", excerpt: "You are on the Free plan now. Your Inventor plan can be chosen again from your Account page." }]);
    expect(billingNotices(active, active)).toEqual([]);
  });

  it("tells the member under the bell when their plan changes, and nobody else", async () => {
    const cookie = await signUp(t.app, { name: "Plan Mover", email: uniqueEmail("bill"), password: "secret1" });
    const other = await signUp(t.app, { name: "Bystander", email: uniqueEmail("bill"), password: "secret1" });
    const started = await postJson(t.app, "/api/billing/checkout", { plan: "inventor" }, { cookie });
    const sessionId = String(started.json().url).split("/").pop() ?? "";
    expect((await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242424242424242" }, { cookie })).statusCode).toBe(200);
    expect((await postJson(t.app, "/api/billing/change-plan", { plan: "brand-ceo" }, { cookie })).statusCode).toBe(200);
    const list = async (who: string): Promise<Notification[]> => (await t.app.inject({ url: "/api/notifications", headers: { cookie: who } })).json().notifications;
    expect((await list(cookie)).map((n) => [n.text, n.excerpt, n.link])).toEqual([["Your plan is now Brand CEO", "Changed from Inventor.", "/members/account"]]);
    expect(await list(other)).toEqual([]);
  });

  it("tells a member their plan renews in 3 days, once however often and from however many instances it is checked", async () => {
    const cookie = await signUp(t.app, { name: "Renewing Member", email: uniqueEmail("renew"), password: "secret1" });
    const started = await postJson(t.app, "/api/billing/checkout", { plan: "entrepreneur" }, { cookie });
    const sessionId = String(started.json().url).split("/").pop() ?? "";
    expect((await postJson(t.app, `/api/billing/local/checkout/${sessionId}/pay`, { cardNumber: "4242424242424242" }, { cookie })).statusCode).toBe(200);
    const { currentPeriodEnd } = (await t.app.inject({ url: "/api/billing/account", headers: { cookie } })).json().subscription;
    const renewal = new Date(currentPeriodEnd);
    const twin = await buildTestApp({ SEED_DEMO: "false" }, t);
    expect(await notifyRenewalsComing(t.database.db, new Date(renewal.getTime() - 5 * 86_400_000))).toBe(0);
    const twoDaysBefore = new Date(renewal.getTime() - 2 * 86_400_000);
    await Promise.all([notifyRenewalsComing(t.database.db, twoDaysBefore), notifyRenewalsComing(twin.database.db, twoDaysBefore)]);
    expect(await notifyRenewalsComing(t.database.db, new Date(renewal.getTime() - 86_400_000))).toBe(0);
    await twin.close();
    const renewals = ((await t.app.inject({ url: "/api/notifications", headers: { cookie } })).json().notifications as Notification[]).filter((n) => n.text.startsWith("Your plan renews on"));
    expect(renewals.map((n) => n.excerpt)).toEqual(["Your Entrepreneur plan renews at $249 a month. Change or cancel it on your Account page."]);
  });
});
