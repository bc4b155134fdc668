import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";

let standIn: StripeStandIn;
let stripe: Stripe;
let product: Stripe.Product;
let inventor: Stripe.Price;
let ceo: Stripe.Price;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = standIn.client();
  product = await stripe.products.create({ name: "Inventor", metadata: { tier: "inventor" } });
  inventor = await stripe.prices.create({ product: product.id, unit_amount: 9900, currency: "usd", recurring: { interval: "month" }, lookup_key: "inventor_monthly", nickname: "Inventor" });
  ceo = await stripe.prices.create({ product_data: { name: "Brand CEO" }, unit_amount: 49900, currency: "usd", recurring: { interval: "month" }, lookup_key: "brand_ceo_monthly" });
});
afterAll(() => standIn.close());

describe("Stripe stand-in driven by the real SDK", () => {
  it("runs checkout with a coupon through subscription, plan change, cancellation, invoices and portal", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { userId: "u1" } });
    expect(customer).toMatchObject({ object: "customer", email: "ada@example.com", metadata: { userId: "u1" } });
    expect(customer.id).toMatch(/^cus_/);
    expect((await stripe.customers.list({ email: "ada@example.com" })).data.map((c) => c.id)).toEqual([customer.id]);

    const byKey = await stripe.prices.list({ lookup_keys: ["inventor_monthly", "brand_ceo_monthly"], active: true, expand: ["data.product"] });
    expect(byKey).toMatchObject({ object: "list", has_more: false, url: "/v1/prices" });
    expect(byKey.data.map((p) => p.lookup_key).sort()).toEqual(["brand_ceo_monthly", "inventor_monthly"]);
    const listedInventor = byKey.data.find((p) => p.id === inventor.id);
    expect(listedInventor?.product).toMatchObject({ id: product.id, object: "product", name: "Inventor" });
    expect(inventor).toMatchObject({ id: expect.stringMatching(/^price_/), unit_amount: 9900, recurring: { interval: "month", interval_count: 1 } });

    const coupon = await stripe.coupons.create({ id: "WELCOME15", percent_off: 15, duration: "once", name: "WELCOME15" });
    expect(await stripe.coupons.retrieve("WELCOME15")).toMatchObject({ id: coupon.id, object: "coupon", percent_off: 15, valid: true });

    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: inventor.id, quantity: 1 }],
      discounts: [{ coupon: coupon.id }],
      success_url: "http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/checkout/cancel",
      client_reference_id: "u1",
      metadata: { userId: "u1", plan: "inventor" },
      subscription_data: { metadata: { userId: "u1" } },
    });
    expect(session).toMatchObject({ object: "checkout.session", status: "open", payment_status: "unpaid", amount_subtotal: 9900, amount_total: 8415, url: `${standIn.url}/pay/${session.id}` });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.success_url).toBe("http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}");
    const sent = standIn.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(sent?.body).toMatchObject({ line_items: [{ price: inventor.id, quantity: "1" }], discounts: [{ coupon: "WELCOME15" }] });
    expect(sent?.rawBody).not.toMatch(/amount/);

    const events = standIn.completeCheckout(session.id, { card: { brand: "mastercard", last4: "4444" } });
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    expect(events[0]).toMatchObject({ object: "event", livemode: false, api_version: Stripe.API_VERSION, data: { object: { id: session.id, status: "complete" } } });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(retrieved).toMatchObject({ status: "complete", payment_status: "paid", customer: customer.id, subscription: { object: "subscription", status: "active" } });

    const subscriptions = await stripe.subscriptions.list({ customer: customer.id, status: "all", expand: ["data.default_payment_method"] });
    const subscription = subscriptions.data[0];
    if (!subscription) throw new Error("no subscription");
    const item = subscription.items.data[0];
    expect(subscription).toMatchObject({ object: "subscription", status: "active", customer: customer.id, cancel_at_period_end: false, metadata: { userId: "u1" } });
    expect(subscription.default_payment_method).toMatchObject({ object: "payment_method", card: { brand: "mastercard", last4: "4444" } });
    expect(item).toMatchObject({ price: { id: inventor.id, lookup_key: "inventor_monthly", unit_amount: 9900, recurring: { interval: "month" } } });
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start ?? Infinity);
    expect(subscription).toMatchObject({ current_period_start: item?.current_period_start, current_period_end: item?.current_period_end });

    const upgraded = await stripe.subscriptions.update(subscription.id, { items: [{ id: item?.id, price: ceo.id }], proration_behavior: "always_invoice" });
    expect(upgraded.items.data[0]?.price).toMatchObject({ id: ceo.id, lookup_key: "brand_ceo_monthly" });
    expect(standIn.events.at(-2)).toMatchObject({ type: "customer.subscription.updated", data: { previous_attributes: { items: { data: [{ price: { id: inventor.id } }] } } } });

    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, cancel_at: item?.current_period_end, status: "active" });

    const invoices = await stripe.invoices.list({ customer: customer.id });
    const first = invoices.data.find((invoice) => invoice.billing_reason === "subscription_create");
    expect(first).toMatchObject({ object: "invoice", status: "paid", amount_paid: 8415, amount_due: 8415, subtotal: 9900 });
    expect(first?.hosted_invoice_url).toMatch(/^http/);
    expect(first?.lines.data[0]?.period).toEqual({ start: item?.current_period_start, end: item?.current_period_end });
    expect(invoices.data[0]?.billing_reason).toBe("subscription_update");

    const [deleted] = standIn.renew(subscription.id);
    expect(deleted).toMatchObject({ type: "customer.subscription.deleted", data: { object: { status: "canceled" } } });

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/members/account" });
    expect(portal).toMatchObject({ object: "billing_portal.session", customer: customer.id, return_url: "http://app.test/members/account" });
    expect(portal.id).toMatch(/^bps_/);
  });

  it("renews, fails a payment and recovers with the right amounts and events", async () => {
    const customer = await stripe.customers.create({ email: "bo@example.com" });
    const session = await stripe.checkout.sessions.create({ mode: "subscription", customer: customer.id, line_items: [{ price: ceo.id, quantity: 1 }], success_url: "http://app.test/ok" });
    const created = standIn.completeCheckout(session.id)[1];
    if (created?.type !== "customer.subscription.created") throw new Error("no subscription event");
    const subscriptionId = created.data.object.id;
    expect(standIn.failPayment(subscriptionId).map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("past_due");
    expect(standIn.renew(subscriptionId).map((e) => e.type)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");
    expect((await stripe.invoices.list({ customer: customer.id })).data.map((i) => [i.status, i.amount_paid])).toEqual([["paid", 49900], ["paid", 49900]]);
    expect(standIn.setSubscriptionStatus(subscriptionId, "unpaid")).toMatchObject({ type: "customer.subscription.updated", data: { previous_attributes: { status: "active" } } });
  });

  it("limits a promotion code to its max_redemptions, at checkout creation and at payment", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: "once" });
    const promotion = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, max_redemptions: 1, metadata: { couponId: "ours" } });
    expect(promotion).toMatchObject({ object: "promotion_code", active: true, max_redemptions: 1, times_redeemed: 0, promotion: { type: "coupon", coupon: coupon.id } });
    expect((await stripe.promotionCodes.list({ coupon: coupon.id, active: true })).data.map((p) => p.id)).toEqual([promotion.id]);
    const open = () => stripe.checkout.sessions.create({ mode: "subscription", line_items: [{ price: inventor.id, quantity: 1 }], discounts: [{ promotion_code: promotion.id }], success_url: "https://example.com/ok" });
    const first = await open();
    const second = await open();
    expect(first.amount_total).toBe(4950);
    standIn.completeCheckout(first.id);
    expect((await stripe.promotionCodes.retrieve(promotion.id)).times_redeemed).toBe(1);
    expect(() => standIn.completeCheckout(second.id)).toThrow(/cannot be redeemed/);
    await expect(open()).rejects.toMatchObject({ code: "promotion_code_invalid" });
    await expect(stripe.checkout.sessions.create({ mode: "subscription", line_items: [{ price: inventor.id, quantity: 1 }], expires_at: Math.floor(Date.now() / 1000) + 60, success_url: "https://example.com/ok" })).rejects.toMatchObject({ param: "expires_at" });
    const expired = standIn.expireCheckout(second.id);
    expect(expired).toMatchObject({ type: "checkout.session.expired", data: { object: { id: second.id, status: "expired" } } });
  });

  it("moves a subscription to a schedule's next phase at the period end, previews and prorates an upgrade, and releases", async () => {
    const session = await stripe.checkout.sessions.create({ mode: "subscription", line_items: [{ price: ceo.id, quantity: 1 }], success_url: "https://example.com/ok" });
    standIn.completeCheckout(session.id);
    const subscriptionId = String((await stripe.checkout.sessions.retrieve(session.id)).subscription);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error("no item");

    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    expect(schedule).toMatchObject({ object: "subscription_schedule", status: "active", subscription: subscriptionId, phases: [{ start_date: item.current_period_start, end_date: item.current_period_end }] });
    await expect(stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: inventor.id }] })).rejects.toThrow(/managed by the subscription schedule/);
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: ceo.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
        { items: [{ price: inventor.id, quantity: 1 }], duration: { interval: "month", interval_count: 1 } },
      ],
    });
    const listed = await stripe.subscriptions.list({ status: "all", expand: ["data.schedule"] });
    expect(listed.data.find((s) => s.id === subscriptionId)?.schedule).toMatchObject({ id: schedule.id, phases: [{ items: [{ price: ceo.id }] }, { start_date: item.current_period_end, items: [{ price: inventor.id }] }] });
    const [, paid] = standIn.renew(subscriptionId);
    expect(paid).toMatchObject({ type: "invoice.paid", data: { object: { amount_paid: 9900 } } });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.price.id).toBe(inventor.id);

    const renewed = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0];
    if (!renewed) throw new Error("no item");
    const at = renewed.current_period_start + Math.round((renewed.current_period_end - renewed.current_period_start) / 2);
    const preview = await stripe.invoices.createPreview({ customer: String(subscription.customer), subscription: subscriptionId, subscription_details: { items: [{ id: renewed.id, price: ceo.id }], proration_behavior: "always_invoice", proration_date: at } });
    expect(preview.amount_due).toBe(20_000);
    await stripe.subscriptionSchedules.release(schedule.id);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBeNull();
    await stripe.subscriptions.update(subscriptionId, { items: [{ id: renewed.id, price: ceo.id }], proration_behavior: "always_invoice", proration_date: at });
    const invoices = await stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data[0]).toMatchObject({ billing_reason: "subscription_update", amount_paid: preview.amount_due });
  });

  it("replays idempotent POSTs, and speaks Stripe's errors", async () => {
    const first = await stripe.customers.create({ email: "same@example.com" }, { idempotencyKey: "customer-u9" });
    const again = await stripe.customers.create({ email: "same@example.com" }, { idempotencyKey: "customer-u9" });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "customer-u9" })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const missing = await stripe.customers.retrieve("cus_missing").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing", type: "StripeInvalidRequestError" });

    const raw = await fetch(`${standIn.url}/v1/prices?lookup_keys[]=inventor_monthly&expand[]=data.product`, { headers: { authorization: `Bearer ${standIn.secretKey}` } });
    expect(await raw.json()).toMatchObject({ object: "list", data: [{ lookup_key: "inventor_monthly", product: { object: "product" } }] });

    const anonymous = await fetch(`${standIn.url}/v1/customers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const wrongKey = new Stripe("sk_test_wrong", { host: "127.0.0.1", port: standIn.port, protocol: "http", maxNetworkRetries: 0 });
    await expect(wrongKey.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    standIn.failNext("POST /v1/checkout/sessions", 503);
    await expect(stripe.checkout.sessions.create({ mode: "subscription", line_items: [] })).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    standIn.failNext("/v1/customers", 0, 2);
    await expect(stripe.customers.create({ email: "x@example.com" })).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it("signs webhooks the SDK accepts, and a tampered one it rejects", async () => {
    const customer = await stripe.customers.create({ email: "wh@example.com" });
    const session = await stripe.checkout.sessions.create({ mode: "subscription", customer: customer.id, line_items: [{ price: inventor.id, quantity: 1 }] });
    const [completed] = standIn.completeCheckout(session.id);
    if (!completed) throw new Error("no event");
    const { payload, signature } = standIn.signedWebhook(completed);
    const event = stripe.webhooks.constructEvent(payload, signature, standIn.webhookSecret);
    expect(event).toMatchObject({ id: completed.id, type: "checkout.session.completed" });
    expect(() => stripe.webhooks.constructEvent(payload.replace(session.id, "cs_test_forged"), signature, standIn.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stale = standIn.signedWebhook(completed, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(() => stripe.webhooks.constructEvent(stale.payload, stale.signature, standIn.webhookSecret)).toThrow(/timestamp/i);
  });
});
