import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_MESSAGES } from "../../../common/contracts/account-data";
import { billingCustomers } from "../../billing/billing.table";
import { ensureStripeCatalog } from "../../billing/stripe/stripe-catalog";
import { buildTestApp, postJson, sendJson, signUp, uniqueEmail, type TestApp } from "../../test/build-test-app";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { tablesMentioning } from "./account-data.test-support";

let stripe: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: "sk_test_standindelete123" });
  await ensureStripeCatalog(stripe.client());
  t = await buildTestApp({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_PUBLISHABLE_KEY: "pk_test_standindelete123", STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function deliver(event: Stripe.Event) {
  const { payload, signature } = stripe.signedWebhook(event);
  return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

/** A member paying for Inventor through the stand-in's checkout and signed webhooks. */
async function payingMember() {
  const email = uniqueEmail("stripe-leaver");
  const cookie = await signUp(t.app, { name: "Stripe Leaver", email, password: "secret1" });
  const started = await postJson(t.app, "/api/billing/checkout", { plan: "inventor" }, { cookie });
  expect(started.statusCode).toBe(200);
  const sessionId = String(started.json().url).split("/pay/")[1] ?? "";
  for (const event of stripe.completeCheckout(sessionId, { card: { brand: "visa", last4: "4242" } })) expect((await deliver(event)).statusCode).toBe(200);
  const user = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json().user;
  expect(user.membershipTier).toBe("inventor");
  const [customer] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
  return { email, cookie, customerId: customer?.customerId ?? "" };
}

describe("deleting one's own account with Stripe", () => {
  it("cancels the subscription and deletes the customer at Stripe before the account goes", async () => {
    const member = await payingMember();
    const response = await sendJson(t.app, "POST", "/api/me/account/delete", { password: "secret1", posts: "anonymise" }, member.cookie);
    expect(response.statusCode).toBe(200);
    const customer = await stripe.client().customers.retrieve(member.customerId);
    expect(customer.deleted).toBe(true);
    const subscriptions = await stripe.client().subscriptions.list({ customer: member.customerId, status: "all" });
    expect(subscriptions.data.map((subscription) => subscription.status)).toEqual(["canceled"]);
    expect(await tablesMentioning(t.database.db, member.email)).toEqual([]);
    // Stripe's own events about the deletion arrive after the account is gone: answered, and nothing comes back.
    for (const event of stripe.events.filter((entry) => entry.type === "customer.subscription.deleted" || entry.type === "customer.deleted")) expect((await deliver(event)).statusCode).toBe(200);
    expect(await tablesMentioning(t.database.db, member.email)).toEqual([]);
  });

  it("keeps the account when Stripe cannot be reached (503), and a retry then succeeds", async () => {
    const member = await payingMember();
    stripe.failNext(`DELETE /v1/customers/${member.customerId}`, 500, 1);
    const refused = await sendJson(t.app, "POST", "/api/me/account/delete", { password: "secret1", posts: "anonymise" }, member.cookie);
    expect(refused.statusCode).toBe(503);
    expect((await t.app.inject({ url: "/api/me", headers: { cookie: member.cookie } })).json().user).toMatchObject({ email: member.email });
    const retried = await sendJson(t.app, "POST", "/api/me/account/delete", { password: "secret1", posts: "anonymise" }, member.cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe(ACCOUNT_DATA_MESSAGES.deleted);
    expect((await stripe.client().customers.retrieve(member.customerId)).deleted).toBe(true);
  });
});
