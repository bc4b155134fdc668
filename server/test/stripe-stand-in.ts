import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local HTTP stand-in for the part of the Stripe API our billing code calls, so tests drive the
 * REAL `stripe` SDK against it (`host`/`port`/`protocol` in the SDK's constructor). State lives in
 * memory. It speaks Stripe's wire protocol: form-encoded bodies with bracket notation, JSON objects
 * carrying `object`, list objects, `expand[]`, Stripe-shaped errors, Bearer auth and Idempotency-Key.
 *
 * Test controls play the part of the customer and of time: `completeCheckout` pays a session,
 * `renew` / `failPayment` / `setSubscriptionStatus` move subscriptions along; each returns the
 * events Stripe would send, which `signedWebhook` signs with the SDK's own test-header helper.
 */

export interface StandInCard {
  brand: string;
  last4: string;
}

export type FormValue = string | FormValue[] | FormRecord;
export interface FormRecord {
  [key: string]: FormValue;
}

export interface StandInRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/checkout/sessions`. */
  path: string;
  /** Parsed query string (GET and DELETE parameters). */
  query: FormRecord;
  /** Parsed form body (POST parameters), bracket notation turned into objects and arrays. */
  body: FormRecord;
  /** The form body exactly as received. */
  rawBody: string;
  idempotencyKey: string | null;
}

/** A subscription as the stand-in sends it: with the pre-2025 top-level period fields as well. */
export type StandInSubscription = Stripe.Subscription & { current_period_start: number; current_period_end: number };

export interface StripeStandIn {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** A `Stripe` client aimed at the stand-in (no retries). */
  client(): Stripe;
  /** Pays an open checkout session: customer (if missing), card, subscription, paid invoice. */
  completeCheckout(sessionId: string, options?: { card?: StandInCard; email?: string }): Stripe.Event[];
  /** Moves a subscription to `status`; `canceled` ends it now. Returns `.updated` (or `.deleted`). */
  setSubscriptionStatus(subscriptionId: string, status: Stripe.Subscription.Status): Stripe.Event;
  /**
   * The period ends: a subscription set to cancel at period end is canceled
   * (`customer.subscription.deleted`); one with an open invoice gets it paid (status back to
   * active); otherwise the period moves forward one interval with a paid invoice.
   */
  renew(subscriptionId: string): Stripe.Event[];
  /** An open checkout session reaches its `expires_at` unpaid: `checkout.session.expired`. */
  expireCheckout(sessionId: string): Stripe.Event;
  /** A renewal whose payment fails: the period moves forward, the invoice stays open, status past_due. */
  failPayment(subscriptionId: string): Stripe.Event[];
  /** Signs `event` (or a raw string payload) like Stripe does, for the `stripe-signature` header. */
  signedWebhook(event: Stripe.Event | string, options?: { secret?: string; timestamp?: number }): { payload: string; signature: string };
  /** Every request received, oldest first. */
  readonly requests: StandInRequest[];
  /** Every event generated (by controls and by API calls such as subscription updates), oldest first. */
  readonly events: Stripe.Event[];
  /**
   * The next `times` calls to `path` (optionally prefixed by the method: `POST /v1/customers`) fail
   * with `status`; status 0 drops the connection (the SDK retries a dropped connection once).
   */
  failNext(path: string, status?: number, times?: number): void;
  /**
   * A slow network: every response leaves a random `minMs`..`maxMs` ms after the request was
   * answered, so reads can arrive in another order than Stripe served them. 0 makes it fast again.
   */
  slowResponses(maxMs: number, minMs?: number): void;
  close(): Promise<void>;
}

interface SessionExtra {
  lines: Array<{ price: string; quantity: number }>;
  coupon: string | null;
  promotionCode: string | null;
  subscriptionMetadata: Stripe.Metadata;
}

interface SubscriptionExtra {
  coupon: string | null;
  discount: string | null;
  /** Prorations created by plan changes with `create_prorations`, billed at the next renewal. */
  pendingProration: number;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

const now = (): number => Math.floor(Date.now() / 1000);
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomString(length: number, alphabet = ALNUM): string {
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}
const newId = (prefix: string, length = 24): string => `${prefix}_${randomString(length)}`;
const decimal = (value: number): Stripe.Decimal => Stripe.Decimal.from(String(value));
/** A JSON snapshot: what the wire carries (Decimals become strings), detached from later changes. */
const snapshot = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

// ---------- form decoding (Stripe's bracket notation) ----------

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw new ApiError(400, "Invalid request: malformed URL encoding.");
  }
}

export function parseForm(text: string): FormRecord {
  const root: FormRecord = {};
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = decodeComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? "" : decodeComponent(part.slice(eq + 1));
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!match?.[1]) throw new ApiError(400, `Invalid parameter name: ${key}`);
    const path = [match[1], ...Array.from((match[2] ?? "").matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? "")];
    let node: FormRecord = root;
    path.forEach((segment, index) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (isRecord(next)) node = next as FormRecord;
      else node = node[name] = {};
    });
  }
  return arraysFromIndexes(root) as FormRecord;
}

/** Objects whose keys are all 0..n-1 become arrays: `expand[0]`, `expand[]`, `line_items[0][price]`. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromIndexes(value[key] ?? "")] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

const str = (value: FormValue | undefined): string | undefined => (typeof value === "string" ? value : undefined);
const rec = (value: FormValue | undefined): FormRecord | undefined => (isRecord(value) ? (value as FormRecord) : undefined);
const list = (value: FormValue | undefined): FormValue[] => (value === undefined ? [] : Array.isArray(value) ? value : isRecord(value) ? [value] : [value]);
const strings = (value: FormValue | undefined): string[] => list(value).filter((v): v is string => typeof v === "string");

function integer(value: FormValue | undefined, param: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const text = str(value);
  if (text === undefined || !/^-?\d+$/.test(text)) throw new ApiError(400, `Invalid integer: ${String(text ?? "object")}`, "parameter_invalid_integer", param);
  return Number(text);
}
function number(value: FormValue | undefined, param: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const text = str(value);
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) throw new ApiError(400, `Invalid decimal: ${String(text ?? "object")}`, "parameter_invalid_decimal", param);
  return Number(text);
}
function bool(value: FormValue | undefined, param: string): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw new ApiError(400, `Invalid boolean: ${typeof value === "string" ? value : "object"}`, "parameter_invalid_boolean", param);
}
function required(value: FormValue | undefined, param: string): string {
  const text = str(value);
  if (!text) throw new ApiError(400, `Missing required param: ${param}.`, "parameter_missing", param);
  return text;
}
function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], param: string): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === value);
  if (!found) throw new ApiError(400, `Invalid ${param}: must be one of ${allowed.join(", ")}`, "parameter_invalid_string", param);
  return found;
}
/** `metadata[k]=v` merged into `current`; an empty value removes the key, as in Stripe. */
function metadata(value: FormValue | undefined, current: Stripe.Metadata = {}): Stripe.Metadata {
  if (value === "") return {};
  const next = { ...current };
  for (const [key, v] of Object.entries(rec(value) ?? {})) {
    if (typeof v !== "string") throw new ApiError(400, `Invalid metadata[${key}]`, "parameter_invalid_string", `metadata[${key}]`);
    if (v === "") delete next[key];
    else next[key] = v;
  }
  return next;
}

// ---------- calendar ----------

function addInterval(from: number, interval: string, count: number): number {
  const date = new Date(from * 1000);
  if (interval === "day") return from + 86_400 * count;
  if (interval === "week") return from + 7 * 86_400 * count;
  const months = interval === "year" ? 12 * count : count;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const daysInMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), daysInMonth));
  return Math.floor(target.getTime() / 1000);
}

function money(amount: number, currency: string): string {
  return `${currency === "usd" ? "$" : `${currency.toUpperCase()} `}${(amount / 100).toFixed(2)}`;
}

export async function startStripeStandIn(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? "sk_test_standin";
  const webhookSecret = options.webhookSecret ?? `whsec_${randomString(32)}`;
  let base = "";

  const customers = new Map<string, Stripe.Customer>();
  const deletedCustomers = new Set<string>();
  const products = new Map<string, Stripe.Product>();
  const prices = new Map<string, Stripe.Price>();
  const coupons = new Map<string, Stripe.Coupon>();
  const promotionCodes = new Map<string, Stripe.PromotionCode>();
  const schedules = new Map<string, Stripe.SubscriptionSchedule>();
  const discounts = new Map<string, Stripe.Discount>();
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const sessionExtras = new Map<string, SessionExtra>();
  const subscriptions = new Map<string, StandInSubscription>();
  const subscriptionExtras = new Map<string, SubscriptionExtra>();
  const invoices = new Map<string, Stripe.Invoice>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  const eventsById = new Map<string, Stripe.Event>();
  const events: Stripe.Event[] = [];
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const failures: Array<{ method: string | null; path: string; status: number; remaining: number }> = [];
  const stores: ReadonlyArray<Map<string, object>> = [customers, products, prices, coupons, promotionCodes, schedules, discounts, sessions, subscriptions, invoices, paymentMethods, portalSessions, eventsById];

  const lookup = (id: string): object | undefined => {
    for (const store of stores) {
      const found = store.get(id);
      if (found) return found;
    }
    return undefined;
  };
  function getOr404<T>(store: Map<string, T>, id: string, noun: string): T {
    const found = store.get(id);
    if (!found) throw new ApiError(404, `No such ${noun}: '${id}'`, "resource_missing", "id");
    return found;
  }
  const missingParam = (noun: string, id: string, param: string): ApiError => new ApiError(400, `No such ${noun}: '${id}'`, "resource_missing", param);

  // ---------- events ----------

  function emit<T extends Stripe.Event["type"]>(type: T, object: object, previous?: Record<string, unknown>, request: Stripe.Event.Request | null = { id: null, idempotency_key: null }): Stripe.Event {
    const event = {
      id: newId("evt"), object: "event" as const, api_version: Stripe.API_VERSION, created: now(),
      data: previous ? { object: snapshot(object), previous_attributes: snapshot(previous) } : { object: snapshot(object) },
      livemode: false, pending_webhooks: 1, request, type,
    } as unknown as Stripe.Event;
    events.push(event);
    eventsById.set(event.id, event);
    return event;
  }

  // ---------- builders ----------

  function planFor(price: Stripe.Price): Stripe.Plan {
    return {
      id: price.id, object: "plan", active: price.active, amount: price.unit_amount, amount_decimal: price.unit_amount_decimal,
      billing_scheme: "per_unit", created: price.created, currency: price.currency, interval: price.recurring?.interval ?? "month",
      interval_count: price.recurring?.interval_count ?? 1, livemode: false, metadata: price.metadata, meter: null,
      nickname: price.nickname, product: price.product, tiers_mode: null, transform_usage: null, trial_period_days: null,
      usage_type: "licensed",
    };
  }

  function createPaymentMethod(customer: string, card: StandInCard): Stripe.PaymentMethod {
    const brand = card.brand.toLowerCase();
    const method: Stripe.PaymentMethod = {
      id: newId("pm"), object: "payment_method", allow_redisplay: "always",
      billing_details: { address: null, email: customers.get(customer)?.email ?? null, name: null, phone: null, tax_id: null },
      card: {
        brand, checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" }, country: "US",
        display_brand: brand, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, fingerprint: randomString(16), funding: "credit",
        generated_from: null, last4: card.last4, networks: { available: [brand], preferred: null }, regulated_status: "unregulated",
        three_d_secure_usage: { supported: true }, wallet: null,
      },
      created: now(), customer, customer_account: null, livemode: false, metadata: {}, type: "card",
    };
    paymentMethods.set(method.id, method);
    return method;
  }

  /** Amount after the coupon, as Stripe shows it: total = subtotal × (1 − percent/100), to the cent. */
  function discounted(subtotal: number, coupon: Stripe.Coupon | null): number {
    if (!coupon) return subtotal;
    if (coupon.percent_off !== null) return Math.round((subtotal * (100 - coupon.percent_off)) / 100);
    return Math.max(0, subtotal - (coupon.amount_off ?? 0));
  }

  /** Whether the subscription's discount still applies to a renewal invoice for the period starting at `periodStart`. */
  function activeCoupon(subscription: StandInSubscription, periodStart: number): Stripe.Coupon | null {
    const extra = subscriptionExtras.get(subscription.id);
    const discount = extra?.discount ? discounts.get(extra.discount) : undefined;
    const coupon = extra?.coupon ? coupons.get(extra.coupon) : undefined;
    if (!discount || !coupon) return null;
    if (coupon.duration === "once") return null;
    if (discount.end !== null && periodStart >= discount.end) return null;
    return coupon;
  }

  interface InvoiceLineInput {
    amount: number;
    description: string;
    price: Stripe.Price;
    quantity: number;
    start: number;
    end: number;
    proration: boolean;
  }

  function createInvoice(subscription: StandInSubscription, input: { reason: Stripe.Invoice.BillingReason; lines: InvoiceLineInput[]; coupon: Stripe.Coupon | null; paid: boolean; periodStart: number; periodEnd: number }): Stripe.Invoice {
    const customer = getOr404(customers, String(subscription.customer), "customer");
    const created = now();
    const id = newId("in");
    const currency = subscription.currency;
    const subtotal = input.lines.reduce((sum, line) => sum + line.amount, 0);
    const regular = input.lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);
    const discountAmount = regular - discounted(regular, input.coupon);
    const discountId = discountAmount > 0 ? (subscriptionExtras.get(subscription.id)?.discount ?? null) : null;
    const total = subtotal - discountAmount;
    const amountDue = Math.max(0, total);
    if (total < 0) customer.balance += total;
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    const item = subscription.items.data[0];
    let discountLeft = discountAmount;
    const lines: Stripe.InvoiceLineItem[] = input.lines.map((line) => {
      const share = line.proration ? 0 : Math.min(discountLeft, line.amount);
      discountLeft -= share;
      return {
        id: newId("il"), object: "line_item", amount: line.amount, currency, description: line.description,
        discount_amounts: share > 0 && discountId ? [{ amount: share, discount: discountId }] : [], discountable: !line.proration,
        discounts: [], invoice: id, livemode: false, metadata: {},
        parent: {
          type: "subscription_item_details", invoice_item_details: null,
          subscription_item_details: { invoice_item: null, proration: line.proration, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item?.id ?? "" },
        },
        period: { start: line.start, end: line.end }, pretax_credit_amounts: [],
        pricing: { type: "price_details", price_details: { price: line.price.id, product: String(line.price.product) }, unit_amount_decimal: line.price.unit_amount_decimal },
        quantity: line.quantity, quantity_decimal: decimal(line.quantity), subscription: subscription.id, subtotal: line.amount, taxes: [],
      };
    });
    const invoice: Stripe.Invoice = {
      id, object: "invoice", account_country: "US", account_name: "Stripe stand-in", account_tax_ids: null, amount_due: amountDue,
      amount_overpaid: 0, amount_paid: input.paid ? amountDue : 0, amount_remaining: input.paid ? 0 : amountDue, amount_shipping: 0,
      application: null, attempt_count: amountDue > 0 ? 1 : 0, attempted: amountDue > 0, auto_advance: !input.paid,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null, billing_reason: input.reason, collection_method: "charge_automatically", created, currency,
      custom_fields: null, customer: customer.id, customer_account: null, customer_address: null, customer_email: customer.email,
      customer_name: customer.name ?? null, customer_phone: null, customer_shipping: null, customer_tax_exempt: "none",
      customer_tax_ids: [], default_payment_method: null, default_source: null, default_tax_rates: [], description: null,
      discounts: discountId ? [discountId] : [], due_date: null, effective_at: created, ending_balance: 0, footer: null, from_invoice: null,
      hosted_invoice_url: `${base}/invoice/${id}`, invoice_pdf: `${base}/invoice/${id}/pdf`, issuer: { type: "self" },
      last_finalization_error: null, latest_revision: null,
      lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` }, livemode: false, metadata: {},
      next_payment_attempt: input.paid ? null : created + 3 * 86_400,
      number: `${customer.invoice_prefix ?? "STANDIN"}-${String(sequence).padStart(4, "0")}`, on_behalf_of: null,
      parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id } },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: input.periodEnd, period_start: input.periodStart, post_payment_credit_notes_amount: 0, pre_payment_credit_notes_amount: 0,
      receipt_number: null, rendering: null, shipping_cost: null, shipping_details: null, starting_balance: 0, statement_descriptor: null,
      status: input.paid ? "paid" : "open",
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: input.paid ? created : null, voided_at: null },
      subtotal, subtotal_excluding_tax: subtotal, test_clock: null, total,
      total_discount_amounts: discountId ? [{ amount: discountAmount, discount: discountId }] : [],
      total_excluding_tax: total, total_pretax_credit_amounts: [], total_taxes: [], webhooks_delivered_at: created,
    };
    invoices.set(id, invoice);
    return invoice;
  }

  function lineFor(subscription: StandInSubscription, start: number, end: number): InvoiceLineInput {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscription.id} has no item`);
    const product = products.get(String(item.price.product));
    const quantity = item.quantity ?? 1;
    const unit = item.price.unit_amount ?? 0;
    const interval = item.price.recurring?.interval ?? "month";
    return { amount: unit * quantity, description: `${quantity} × ${product?.name ?? "Product"} (at ${money(unit, item.price.currency)} / ${interval})`, price: item.price, quantity, start, end, proration: false };
  }

  function setPeriod(subscription: StandInSubscription, start: number, end: number): void {
    subscription.current_period_start = start;
    subscription.current_period_end = end;
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    if (subscription.cancel_at_period_end) subscription.cancel_at = end;
  }

  function cancelNow(subscription: StandInSubscription, at = now()): void {
    const schedule = subscription.schedule ? schedules.get(String(subscription.schedule)) : undefined;
    if (schedule) {
      schedule.status = "canceled";
      schedule.canceled_at = at;
    }
    subscription.status = "canceled";
    subscription.canceled_at ??= at;
    subscription.ended_at = at;
    subscription.cancel_at = null;
    subscription.cancel_at_period_end = false;
    if (!subscription.cancellation_details?.reason) {
      subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: "cancellation_requested" };
    }
  }

  const pick = (object: StandInSubscription, keys: string[]): Record<string, unknown> => {
    const copy = snapshot(object) as unknown as Record<string, unknown>;
    return Object.fromEntries(keys.map((key) => [key, copy[key]]));
  };

  // ---------- API ----------

  function createCustomer(body: FormRecord): Stripe.Customer {
    const customer: Stripe.Customer = {
      id: newId("cus", 14), object: "customer", address: null, balance: 0, created: now(), currency: null, default_source: null,
      delinquent: false, description: str(body.description) ?? null, discount: null, email: str(body.email) ?? null,
      invoice_prefix: randomString(8, "0123456789ABCDEF"),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false, metadata: metadata(body.metadata), name: str(body.name) ?? null, next_invoice_sequence: 1,
      phone: str(body.phone) ?? null, preferred_locales: [], shipping: null, tax_exempt: "none", test_clock: null,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createProduct(body: FormRecord): Stripe.Product {
    const created = now();
    const product: Stripe.Product = {
      id: str(body.id) ?? newId("prod", 14), object: "product", active: bool(body.active, "active") ?? true, created, default_price: null,
      description: str(body.description) ?? null, images: [], livemode: false, marketing_features: [], metadata: metadata(body.metadata),
      name: required(body.name, "name"), package_dimensions: null, shippable: null, statement_descriptor: null, tax_code: null,
      tax_details: null, type: "service", unit_label: null, updated: created, url: null,
    };
    if (products.has(product.id)) throw new ApiError(400, `Product already exists.`, "resource_already_exists", "id");
    products.set(product.id, product);
    return product;
  }

  function createPrice(body: FormRecord): Stripe.Price {
    const productData = rec(body.product_data);
    const productParam = productData ? undefined : required(body.product, "product");
    if (productParam && !products.has(productParam)) throw missingParam("product", productParam, "product");
    const unitAmount = integer(body.unit_amount, "unit_amount");
    if (unitAmount === undefined || unitAmount < 0) throw new ApiError(400, "Missing required param: unit_amount.", "parameter_missing", "unit_amount");
    const currency = required(body.currency, "currency").toLowerCase();
    const recurring = rec(body.recurring);
    const interval = recurring ? oneOf(required(recurring.interval, "recurring[interval]"), ["day", "week", "month", "year"] as const, "recurring[interval]") : undefined;
    const intervalCount = integer(recurring?.interval_count, "recurring[interval_count]") ?? 1;
    const active = bool(body.active, "active") ?? true;
    const lookupKey = str(body.lookup_key) || null;
    const holder = lookupKey ? [...prices.values()].find((price) => price.lookup_key === lookupKey) : undefined;
    if (holder && !bool(body.transfer_lookup_key, "transfer_lookup_key")) {
      throw new ApiError(400, `A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key_exists", "lookup_key");
    }
    const productId = productParam ?? createProduct(productData ?? {}).id;
    if (holder) holder.lookup_key = null;
    const price: Stripe.Price = {
      id: newId("price"), object: "price", active, billing_scheme: "per_unit", created: now(),
      currency, custom_unit_amount: null, livemode: false, lookup_key: lookupKey,
      metadata: metadata(body.metadata), nickname: str(body.nickname) || null, product: productId,
      recurring: interval ? { interval, interval_count: intervalCount, meter: null, trial_period_days: null, usage_type: "licensed" } : null,
      tax_behavior: "unspecified", tiers_mode: null, transform_quantity: null, type: interval ? "recurring" : "one_time",
      unit_amount: unitAmount, unit_amount_decimal: decimal(unitAmount),
    };
    prices.set(price.id, price);
    return price;
  }

  function createCoupon(body: FormRecord): Stripe.Coupon {
    const percentOff = number(body.percent_off, "percent_off") ?? null;
    const amountOff = integer(body.amount_off, "amount_off") ?? null;
    if ((percentOff === null) === (amountOff === null)) throw new ApiError(400, "You must pass exactly one of `percent_off` or `amount_off`.", "parameter_missing", "percent_off");
    if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) throw new ApiError(400, "Invalid percent_off: must be greater than 0 and at most 100.", "parameter_invalid_decimal", "percent_off");
    const duration = oneOf(str(body.duration), ["once", "forever", "repeating"] as const, "duration") ?? "once";
    const months = integer(body.duration_in_months, "duration_in_months") ?? null;
    if (duration === "repeating" && !months) throw new ApiError(400, "Missing required param: duration_in_months.", "parameter_missing", "duration_in_months");
    const id = str(body.id) || randomString(8);
    if (coupons.has(id)) throw new ApiError(400, "Coupon already exists.", "resource_already_exists", "id");
    const coupon: Stripe.Coupon = {
      id, object: "coupon", amount_off: amountOff, created: now(),
      currency: amountOff !== null ? required(body.currency, "currency").toLowerCase() : null, duration,
      duration_in_months: duration === "repeating" ? months : null, livemode: false,
      max_redemptions: integer(body.max_redemptions, "max_redemptions") ?? null, metadata: metadata(body.metadata),
      name: str(body.name) || null, percent_off: percentOff, redeem_by: integer(body.redeem_by, "redeem_by") ?? null, times_redeemed: 0,
      valid: true,
    };
    coupons.set(id, coupon);
    return coupon;
  }

  function usableCoupon(id: string, param: string): Stripe.Coupon {
    const coupon = coupons.get(id);
    if (!coupon) throw missingParam("coupon", id, param);
    if (coupon.redeem_by !== null && coupon.redeem_by < now()) coupon.valid = false;
    if (!coupon.valid) throw new ApiError(400, `Coupon expired: ${id}`, "coupon_expired", param);
    return coupon;
  }

  function createPromotionCode(body: FormRecord): Stripe.PromotionCode {
    const promotion = rec(body.promotion);
    if (!promotion) throw new ApiError(400, "Missing required param: promotion.", "parameter_missing", "promotion");
    oneOf(required(promotion.type, "promotion[type]"), ["coupon"] as const, "promotion[type]");
    const couponId = required(promotion.coupon, "promotion[coupon]");
    if (!coupons.has(couponId)) throw missingParam("coupon", couponId, "promotion[coupon]");
    const maxRedemptions = integer(body.max_redemptions, "max_redemptions") ?? null;
    if (maxRedemptions !== null && maxRedemptions < 1) throw new ApiError(400, "Invalid max_redemptions: must be a positive integer.", "parameter_invalid_integer", "max_redemptions");
    const code = str(body.code) || randomString(8, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789");
    if (!/^[A-Za-z0-9-]+$/.test(code)) throw new ApiError(400, "Invalid code: use letters, digits and dashes only.", "parameter_invalid_string", "code");
    if ([...promotionCodes.values()].some((other) => other.active && other.code.toLowerCase() === code.toLowerCase())) {
      throw new ApiError(400, "An active promotion code with `code` already exists.", "resource_already_exists", "code");
    }
    const promotionCode: Stripe.PromotionCode = {
      id: newId("promo"), object: "promotion_code", active: bool(body.active, "active") ?? true, code, created: now(), customer: str(body.customer) ?? null,
      customer_account: null, expires_at: integer(body.expires_at, "expires_at") ?? null, livemode: false, max_redemptions: maxRedemptions,
      metadata: metadata(body.metadata), promotion: { coupon: couponId, type: "coupon" },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    promotionCodes.set(promotionCode.id, promotionCode);
    return promotionCode;
  }

  /** Stripe refuses an inactive, expired or used-up promotion code when a checkout applies it, and again at payment. */
  function redeemablePromotionCode(id: string, param: string): Stripe.PromotionCode {
    const promotionCode = promotionCodes.get(id);
    if (!promotionCode) throw missingParam("promotion_code", id, param);
    const usedUp = promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
    const expired = promotionCode.expires_at !== null && promotionCode.expires_at <= now();
    if (!promotionCode.active || usedUp || expired) throw new ApiError(400, `This promotion code cannot be redeemed: ${id}`, "promotion_code_invalid", param);
    return promotionCode;
  }

  function createCheckoutSession(body: FormRecord): Stripe.Checkout.Session {
    const mode = required(body.mode, "mode");
    if (mode !== "subscription") throw new ApiError(400, `The stand-in only supports mode=subscription (got ${mode}).`, "parameter_invalid_string", "mode");
    const customerId = str(body.customer) || null;
    if (customerId && !customers.has(customerId)) throw missingParam("customer", customerId, "customer");
    if (customerId && str(body.customer_email)) throw new ApiError(400, "You may only specify one of these parameters: customer, customer_email.", "parameter_invalid_string", "customer_email");
    const items = list(body.line_items);
    if (items.length === 0) throw new ApiError(400, "Missing required param: line_items.", "parameter_missing", "line_items");
    const lines = items.map((raw, index) => {
      const item = rec(raw) ?? {};
      const priceId = required(item.price, `line_items[${index}][price]`);
      const price = prices.get(priceId);
      if (!price) throw missingParam("price", priceId, `line_items[${index}][price]`);
      if (!price.active) throw new ApiError(400, `The price specified is inactive. This field only accepts active prices.`, "price_inactive", `line_items[${index}][price]`);
      if (!price.recurring) throw new ApiError(400, "You must provide at least one recurring price in `subscription` mode when using prices.", "parameter_invalid_string", `line_items[${index}][price]`);
      const quantity = integer(item.quantity, `line_items[${index}][quantity]`);
      if (quantity === undefined) throw new ApiError(400, `Quantity is required. Add \`quantity\` to \`line_items[${index}]\``, "parameter_missing", `line_items[${index}][quantity]`);
      return { price, quantity };
    });
    const discountParams = list(body.discounts).map((d) => rec(d) ?? {});
    if (discountParams.length > 0 && body.allow_promotion_codes === "true") throw new ApiError(400, "You may only specify one of these parameters: allow_promotion_codes, discounts.", "parameter_invalid_string", "discounts");
    if (discountParams[0]?.coupon !== undefined && discountParams[0].promotion_code !== undefined) throw new ApiError(400, "You may only specify one of these parameters: coupon, promotion_code.", "parameter_invalid_string", "discounts[0]");
    const promotionCodeId = str(discountParams[0]?.promotion_code) || null;
    const promotionCode = promotionCodeId ? redeemablePromotionCode(promotionCodeId, "discounts[0][promotion_code]") : null;
    const couponId = (promotionCode ? String(promotionCode.promotion.coupon) : str(discountParams[0]?.coupon)) || null;
    const coupon = couponId ? usableCoupon(couponId, "discounts[0][coupon]") : null;
    const currency = lines[0]?.price.currency ?? "usd";
    const subtotal = lines.reduce((sum, line) => sum + (line.price.unit_amount ?? 0) * line.quantity, 0);
    const total = discounted(subtotal, coupon);
    const created = now();
    const expiresAt = integer(body.expires_at, "expires_at") ?? created + 86_400;
    if (expiresAt < created + 30 * 60 || expiresAt > created + 86_400) throw new ApiError(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "parameter_invalid_integer", "expires_at");
    const id = `cs_test_${randomString(58)}`;
    const session: Stripe.Checkout.Session = {
      id, object: "checkout.session", adaptive_pricing: null, after_expiration: null,
      allow_promotion_codes: bool(body.allow_promotion_codes, "allow_promotion_codes") ?? null, allowed_payment_method_types: null,
      amount_subtotal: subtotal, amount_total: total, automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null, cancel_url: str(body.cancel_url) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null, client_secret: null, collected_information: null, consent: null,
      consent_collection: null, created, currency, currency_conversion: null, custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customerId, customer_account: null, customer_creation: customerId ? null : "always", customer_details: null,
      customer_email: str(body.customer_email) ?? null, discounts: couponId ? [{ coupon: promotionCode ? null : couponId, promotion_code: promotionCodeId }] : [],
      expires_at: expiresAt, integration_identifier: null, invoice: null,
      invoice_creation: null, livemode: false, locale: null, managed_payments: null, metadata: metadata(body.metadata),
      mode: "subscription", origin_context: null, payment_intent: null, payment_link: null, payment_method_collection: "always",
      payment_method_configuration_details: null, payment_method_options: null, payment_method_types: ["card"], payment_status: "unpaid",
      permissions: null, recovered_from: null, saved_payment_method_options: null, setup_intent: null, shipping_address_collection: null,
      shipping_cost: null, shipping_options: [], status: "open", submit_type: null, subscription: null,
      success_url: str(body.success_url) ?? null, total_details: { amount_discount: subtotal - total, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted_page", url: `${base}/pay/${id}`, wallet_options: null,
    };
    sessions.set(id, session);
    sessionExtras.set(id, {
      lines: lines.map((line) => ({ price: line.price.id, quantity: line.quantity })),
      coupon: couponId,
      promotionCode: promotionCodeId,
      subscriptionMetadata: metadata(rec(body.subscription_data)?.metadata),
    });
    return session;
  }

  function lineItemsOf(session: Stripe.Checkout.Session): Stripe.ApiList<Stripe.LineItem> {
    const extra = sessionExtras.get(session.id);
    const coupon = extra?.coupon ? (coupons.get(extra.coupon) ?? null) : null;
    const data = (extra?.lines ?? []).map((line): Stripe.LineItem => {
      const price = getOr404(prices, line.price, "price");
      const subtotal = (price.unit_amount ?? 0) * line.quantity;
      const total = discounted(subtotal, coupon);
      return {
        id: newId("li"), object: "item", adjustable_quantity: null, amount_discount: subtotal - total, amount_subtotal: subtotal,
        amount_tax: 0, amount_total: total, currency: price.currency, description: products.get(String(price.product))?.name ?? null,
        metadata: {}, price, quantity: line.quantity,
      };
    });
    return { object: "list", data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
  }

  // ---------- subscription schedules ----------

  function schedulePhase(subscription: StandInSubscription, price: Stripe.Price, quantity: number, start: number, end: number): Stripe.SubscriptionSchedule.Phase {
    return {
      add_invoice_items: [], application_fee_percent: null, billing_cycle_anchor: null, billing_thresholds: null, collection_method: null,
      currency: price.currency, default_payment_method: null, default_tax_rates: [], description: null, discounts: [], end_date: end,
      invoice_settings: null, items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: price.id, price: price.id, quantity, tax_rates: [] }],
      metadata: {}, on_behalf_of: null, proration_behavior: "create_prorations", start_date: start, transfer_data: null, trial_end: null,
    } as Stripe.SubscriptionSchedule.Phase;
  }

  /** `from_subscription`: one phase, the subscription's current period on its current price. */
  function createSchedule(body: FormRecord): Stripe.SubscriptionSchedule {
    const subscriptionId = required(body.from_subscription, "from_subscription");
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw missingParam("subscription", subscriptionId, "from_subscription");
    if (subscription.schedule) throw new ApiError(400, `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`, "resource_already_exists", "from_subscription");
    if (subscription.status === "canceled") throw new ApiError(400, "You cannot migrate a canceled subscription to a schedule.", "parameter_invalid_string", "from_subscription");
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscription.id} has no item`);
    const schedule = {
      id: newId("sub_sched"), object: "subscription_schedule", application: null, billing_mode: { flexible: null, type: "classic" }, canceled_at: null,
      completed_at: null, created: now(), current_phase: { start_date: subscription.current_period_start, end_date: subscription.current_period_end },
      customer: String(subscription.customer), customer_account: null,
      default_settings: {
        application_fee_percent: null, billing_cycle_anchor: "automatic", billing_thresholds: null, collection_method: "charge_automatically",
        default_payment_method: null, description: null, invoice_settings: { account_tax_ids: null, days_until_due: null, issuer: { type: "self" } },
        on_behalf_of: null, transfer_data: null,
      },
      end_behavior: "release", livemode: false, metadata: {}, pause_schedules: [],
      phases: [schedulePhase(subscription, item.price, item.quantity ?? 1, subscription.current_period_start, subscription.current_period_end)],
      released_at: null, released_subscription: null, status: "active", subscription: subscription.id, test_clock: null,
    } as unknown as Stripe.SubscriptionSchedule;
    schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    return schedule;
  }

  /** Replaces the phases; the first must start when the current phase started (past phases cannot change). */
  function updateSchedule(schedule: Stripe.SubscriptionSchedule, body: FormRecord): Stripe.SubscriptionSchedule {
    if (schedule.status !== "active" && schedule.status !== "not_started") throw new ApiError(400, `You cannot update a subscription schedule that is ${schedule.status}.`, "parameter_invalid_string", "id");
    const subscription = subscriptions.get(String(schedule.subscription));
    if (!subscription) throw new Error(`schedule ${schedule.id} has no subscription`);
    const endBehavior = oneOf(str(body.end_behavior), ["release", "cancel"] as const, "end_behavior");
    if (body.phases !== undefined) {
      let start = schedule.current_phase?.start_date ?? subscription.current_period_start;
      const phases = list(body.phases).map((raw, index) => {
        const phase = rec(raw) ?? {};
        const items = list(phase.items).map((item) => rec(item) ?? {});
        const priceId = required(items[0]?.price, `phases[${index}][items][0][price]`);
        const price = prices.get(priceId);
        if (!price?.recurring) throw missingParam("price", priceId, `phases[${index}][items][0][price]`);
        const startDate = integer(phase.start_date, `phases[${index}][start_date]`) ?? start;
        if (index === 0 && startDate !== start) throw new ApiError(400, "You can not modify the start date of the current phase.", "parameter_invalid_integer", "phases[0][start_date]");
        if (startDate !== start) throw new ApiError(400, "The phases must be contiguous: each phase starts when the previous one ends.", "parameter_invalid_integer", `phases[${index}][start_date]`);
        const duration = rec(phase.duration);
        const end = integer(phase.end_date, `phases[${index}][end_date]`) ?? (duration ? addInterval(startDate, required(duration.interval, `phases[${index}][duration][interval]`), integer(duration.interval_count, `phases[${index}][duration][interval_count]`) ?? 1) : undefined);
        if (end === undefined || end <= startDate) throw new ApiError(400, `Phase ${index} needs an end_date or a duration after its start.`, "parameter_missing", `phases[${index}][end_date]`);
        start = end;
        return schedulePhase(subscription, price, integer(items[0]?.quantity, `phases[${index}][items][0][quantity]`) ?? 1, startDate, end);
      });
      if (phases.length === 0) throw new ApiError(400, "Missing required param: phases.", "parameter_missing", "phases");
      schedule.phases = phases;
    }
    if (endBehavior) schedule.end_behavior = endBehavior;
    return schedule;
  }

  function releaseSchedule(schedule: Stripe.SubscriptionSchedule): Stripe.SubscriptionSchedule {
    if (schedule.status !== "active" && schedule.status !== "not_started") throw new ApiError(400, `You cannot release a subscription schedule that is ${schedule.status}.`, "parameter_invalid_string", "id");
    const subscription = subscriptions.get(String(schedule.subscription));
    schedule.status = "released";
    schedule.released_at = now();
    schedule.released_subscription = subscription?.id ?? null;
    schedule.subscription = null;
    schedule.current_phase = null;
    if (subscription) subscription.schedule = null;
    return schedule;
  }

  /**
   * At a period boundary the schedule moves on: the phase starting there sets the price. When its
   * last phase ends, a schedule that releases lets the subscription go on alone.
   */
  function applySchedule(subscription: StandInSubscription, boundary: number): void {
    const schedule = subscription.schedule ? schedules.get(String(subscription.schedule)) : undefined;
    if (!schedule || schedule.status !== "active") return;
    const phase = schedule.phases.find((candidate) => candidate.start_date === boundary);
    if (!phase) {
      if (schedule.phases.every((candidate) => candidate.end_date <= boundary)) {
        if (schedule.end_behavior === "release") releaseSchedule(schedule);
        schedule.status = schedule.status === "released" ? "released" : "completed";
      }
      return;
    }
    schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
    const price = prices.get(String(phase.items[0]?.price));
    const item = subscription.items.data[0];
    if (price && item && price.id !== item.price.id) {
      item.price = { ...price };
      item.plan = planFor(price);
    }
  }

  /** The invoice Stripe would create for a subscription update, without changing anything (`create_preview`). */
  function previewInvoice(body: FormRecord): Stripe.Invoice {
    const subscriptionId = required(body.subscription, "subscription");
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw missingParam("subscription", subscriptionId, "subscription");
    const details = rec(body.subscription_details) ?? {};
    const copy = snapshot(subscription);
    const change = rec(list(details.items)[0]);
    const price = str(change?.price) ? prices.get(str(change?.price) ?? "") : undefined;
    const item = copy.items.data[0];
    if (!item || !price) throw new ApiError(400, "The stand-in previews a change of subscription_details[items][0][price].", "parameter_missing", "subscription_details[items][0][price]");
    const at = integer(details.proration_date, "subscription_details[proration_date]") ?? now();
    const proration = prorationOf(subscription, (item.price.unit_amount ?? 0) * (item.quantity ?? 1), (price.unit_amount ?? 0) * (item.quantity ?? 1), at);
    item.price = price;
    const line = { ...lineFor(copy, at, copy.current_period_end), amount: proration, proration: true };
    const invoice = createInvoice(copy, { reason: "subscription_update", lines: [line], coupon: null, paid: false, periodStart: at, periodEnd: at });
    invoices.delete(invoice.id);
    const customer = customers.get(String(subscription.customer));
    if (customer?.next_invoice_sequence) customer.next_invoice_sequence -= 1;
    return { ...invoice, id: `upcoming_${invoice.id}`, status: "draft", hosted_invoice_url: null, invoice_pdf: null, number: null } as Stripe.Invoice;
  }

  /** Stripe's proration: the price difference for the share of the period left after `at`. */
  function prorationOf(subscription: StandInSubscription, oldAmount: number, newAmount: number, at: number): number {
    const period = subscription.current_period_end - subscription.current_period_start;
    const remaining = Math.max(0, subscription.current_period_end - at);
    return period > 0 ? Math.round(((newAmount - oldAmount) * remaining) / period) : 0;
  }

  function updateSubscription(subscription: StandInSubscription, body: FormRecord, request: Stripe.Event.Request): StandInSubscription {
    const touched = Object.keys(body).filter((key) => key !== "expand");
    if (subscription.status === "canceled" && touched.some((key) => key !== "metadata" && key !== "cancellation_details")) {
      throw new ApiError(400, "A canceled subscription can only update its cancellation_details and metadata.");
    }
    // Validate everything first: a rejected update changes nothing, as in Stripe.
    const prorationBehavior = oneOf(str(body.proration_behavior), ["create_prorations", "none", "always_invoice"] as const, "proration_behavior") ?? "create_prorations";
    const itemChanges = list(body.items).map((raw, index) => {
      const change = rec(raw) ?? {};
      const itemId = str(change.id);
      const item = itemId ? subscription.items.data.find((candidate) => candidate.id === itemId) : undefined;
      if (!item) throw new ApiError(400, itemId ? `Subscription item ${itemId} is not part of subscription ${subscription.id}.` : "The stand-in needs items[n][id] to change an item (adding items is not supported).", "parameter_invalid_string", `items[${index}][id]`);
      const priceId = str(change.price);
      const price = priceId ? prices.get(priceId) : undefined;
      if (priceId && !price) throw missingParam("price", priceId, `items[${index}][price]`);
      if (price && (!price.recurring || price.recurring.interval !== item.price.recurring?.interval)) throw new ApiError(400, "The price specified must have the same recurring interval as the subscription's other prices.", "parameter_invalid_string", `items[${index}][price]`);
      return { item, price, quantity: integer(change.quantity, `items[${index}][quantity]`) };
    });
    const cancelAtPeriodEnd = bool(body.cancel_at_period_end, "cancel_at_period_end");
    if (subscription.schedule && (itemChanges.length > 0 || cancelAtPeriodEnd === true)) {
      throw new ApiError(400, `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating it directly is not allowed. Please update the schedule instead.`, "parameter_invalid_string", "items");
    }
    const prorationDate = integer(body.proration_date, "proration_date");
    const nextMetadata = body.metadata !== undefined ? metadata(body.metadata, subscription.metadata) : undefined;
    const defaultPaymentMethod = str(body.default_payment_method);
    if (defaultPaymentMethod && !paymentMethods.has(defaultPaymentMethod)) throw missingParam("PaymentMethod", defaultPaymentMethod, "default_payment_method");

    const before = snapshot(subscription);
    const changed = new Set<string>();
    const amount = (): number => subscription.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
    const oldAmount = amount();
    for (const { item, price, quantity } of itemChanges) {
      if (price && price.id !== item.price.id) {
        item.price = { ...price };
        item.plan = planFor(price);
        changed.add("items");
      }
      if (quantity !== undefined && quantity !== item.quantity) {
        item.quantity = quantity;
        changed.add("items");
      }
    }
    const proration = prorationOf(subscription, oldAmount, amount(), prorationDate ?? now());
    let prorationInvoice: Stripe.Invoice | null = null;
    if (proration !== 0 && prorationBehavior === "create_prorations") {
      const extra = subscriptionExtras.get(subscription.id);
      if (extra) extra.pendingProration += proration;
    } else if (proration !== 0 && prorationBehavior === "always_invoice") {
      const line = { ...lineFor(subscription, now(), subscription.current_period_end), amount: proration, proration: true };
      line.description = `${proration < 0 ? "Unused time on" : "Remaining time on"} ${line.description} after plan change`;
      prorationInvoice = createInvoice(subscription, { reason: "subscription_update", lines: [line], coupon: null, paid: true, periodStart: now(), periodEnd: now() });
      subscription.latest_invoice = prorationInvoice.id;
      changed.add("latest_invoice");
    }
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? now() : null;
      subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: cancelAtPeriodEnd ? "cancellation_requested" : null };
      changed.add("cancel_at_period_end").add("cancel_at").add("canceled_at").add("cancellation_details");
    }
    if (nextMetadata) {
      subscription.metadata = nextMetadata;
      changed.add("metadata");
    }
    if (defaultPaymentMethod !== undefined) {
      subscription.default_payment_method = defaultPaymentMethod || null;
      changed.add("default_payment_method");
    }
    if (changed.size > 0) {
      const previous = Object.fromEntries([...changed].map((key) => [key, (before as unknown as Record<string, unknown>)[key]]));
      emit("customer.subscription.updated", subscription, previous, request);
      if (prorationInvoice) emit("invoice.paid", prorationInvoice, undefined, request);
    }
    return subscription;
  }

  // ---------- listing and expansion ----------

  function listOf<T extends { id: string }>(items: T[], url: string, params: FormRecord): Stripe.ApiList<T> {
    const newestFirst = [...items].reverse();
    const limit = Math.min(100, Math.max(1, integer(params.limit, "limit") ?? 10));
    const after = str(params.starting_after);
    const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
    const data = newestFirst.slice(start, start + limit);
    return { object: "list", data, has_more: start + limit < newestFirst.length, url };
  }

  function expandPath(value: unknown, path: string[], whole: string): unknown {
    if (path.length === 0 || value === null) return value;
    if (Array.isArray(value)) return value.map((element) => expandPath(element, path, whole));
    const [head = "", ...rest] = path;
    if (!isRecord(value) || !(head in value)) throw new ApiError(400, `This property cannot be expanded (${whole}).`, "parameter_invalid_string", "expand");
    const resolve = (id: unknown): unknown => {
      if (typeof id !== "string") return id;
      const found = lookup(id);
      if (!found) throw new ApiError(400, `This property cannot be expanded (${whole}).`, "parameter_invalid_string", "expand");
      return snapshot(found);
    };
    const child = value[head];
    value[head] = expandPath(Array.isArray(child) ? child.map(resolve) : resolve(child), rest, whole);
    return value;
  }

  function render(value: unknown, expand: string[]): unknown {
    let out: unknown = snapshot(value);
    for (const path of expand) out = expandPath(out, path.split("."), path);
    return out;
  }

  // ---------- routes ----------

  interface Context {
    params: string[];
    query: FormRecord;
    body: FormRecord;
    expand: string[];
    request: Stripe.Event.Request;
  }
  type Handler = (ctx: Context) => unknown;
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const route = (method: string, path: string, handler: Handler): void => {
    routes.push({ method, pattern: new RegExp(`^${path.replace(/:\w+/g, "([^/]+)")}$`), handler });
  };
  const param = (ctx: Context, index = 0): string => ctx.params[index] ?? "";

  route("POST", "/v1/customers", ({ body }) => createCustomer(body));
  route("GET", "/v1/customers/:id", (ctx) => (deletedCustomers.has(param(ctx)) ? { id: param(ctx), object: "customer", deleted: true } : getOr404(customers, param(ctx), "customer")));
  // Stripe cancels the customer's live subscriptions at once, then answers a deleted stub; the id then reads as deleted.
  route("DELETE", "/v1/customers/:id", (ctx) => {
    const customer = getOr404(customers, param(ctx), "customer");
    for (const subscription of subscriptions.values()) {
      if (subscription.customer !== customer.id || subscription.status === "canceled" || subscription.status === "incomplete_expired") continue;
      cancelNow(subscription);
      emit("customer.subscription.deleted", subscription, undefined, ctx.request);
    }
    customers.delete(customer.id);
    deletedCustomers.add(customer.id);
    emit("customer.deleted", customer, undefined, ctx.request);
    return { id: customer.id, object: "customer", deleted: true };
  });
  route("POST", "/v1/customers/:id", (ctx) => {
    const customer = getOr404(customers, param(ctx), "customer");
    if (ctx.body.email !== undefined) customer.email = str(ctx.body.email) || null;
    if (ctx.body.name !== undefined) customer.name = str(ctx.body.name) || null;
    if (ctx.body.metadata !== undefined) customer.metadata = metadata(ctx.body.metadata, customer.metadata);
    return customer;
  });
  route("GET", "/v1/customers", ({ query }) => {
    const email = str(query.email);
    return listOf([...customers.values()].filter((c) => email === undefined || c.email === email), "/v1/customers", query);
  });

  route("POST", "/v1/products", ({ body }) => createProduct(body));
  route("GET", "/v1/products/:id", (ctx) => getOr404(products, param(ctx), "product"));
  route("POST", "/v1/prices", ({ body }) => createPrice(body));
  route("GET", "/v1/prices/:id", (ctx) => getOr404(prices, param(ctx), "price"));
  route("GET", "/v1/prices", ({ query }) => {
    const keys = strings(query.lookup_keys);
    const active = bool(query.active, "active");
    const product = str(query.product);
    const type = str(query.type);
    const matches = [...prices.values()].filter(
      (p) => (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) && (active === undefined || p.active === active) && (!product || p.product === product) && (!type || p.type === type),
    );
    return listOf(matches, "/v1/prices", query);
  });

  route("POST", "/v1/coupons", ({ body }) => createCoupon(body));
  route("GET", "/v1/coupons/:id", (ctx) => getOr404(coupons, param(ctx), "coupon"));

  route("POST", "/v1/promotion_codes", ({ body }) => createPromotionCode(body));
  route("GET", "/v1/promotion_codes/:id", (ctx) => getOr404(promotionCodes, param(ctx), "promotion_code"));
  route("GET", "/v1/promotion_codes", ({ query }) => {
    const coupon = str(query.coupon);
    const code = str(query.code);
    const active = bool(query.active, "active");
    const matches = [...promotionCodes.values()].filter(
      (p) => (!coupon || p.promotion.coupon === coupon) && (!code || p.code.toLowerCase() === code.toLowerCase()) && (active === undefined || p.active === active),
    );
    return listOf(matches, "/v1/promotion_codes", query);
  });

  route("POST", "/v1/checkout/sessions", ({ body }) => createCheckoutSession(body));
  route("GET", "/v1/checkout/sessions/:id", (ctx) => {
    const session = getOr404(sessions, param(ctx), "checkout.session");
    if (!ctx.expand.some((path) => path === "line_items" || path.startsWith("line_items."))) return session;
    return { ...session, line_items: lineItemsOf(session) };
  });
  route("GET", "/v1/checkout/sessions/:id/line_items", (ctx) => lineItemsOf(getOr404(sessions, param(ctx), "checkout.session")));

  route("GET", "/v1/subscriptions", ({ query }) => {
    const customer = str(query.customer);
    const status = str(query.status);
    const price = str(query.price);
    const matches = [...subscriptions.values()].filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (status === "all" || (status ? s.status === status : s.status !== "canceled")) &&
        (!price || s.items.data.some((item) => item.price.id === price)),
    );
    return listOf(matches, "/v1/subscriptions", query);
  });
  route("GET", "/v1/subscriptions/:id", (ctx) => getOr404(subscriptions, param(ctx), "subscription"));
  route("POST", "/v1/subscriptions/:id", (ctx) => updateSubscription(getOr404(subscriptions, param(ctx), "subscription"), ctx.body, ctx.request));
  route("DELETE", "/v1/subscriptions/:id", (ctx) => {
    const subscription = getOr404(subscriptions, param(ctx), "subscription");
    if (subscription.status === "canceled") throw new ApiError(400, `This subscription has already been canceled: ${subscription.id}`, "resource_missing", "id");
    cancelNow(subscription);
    emit("customer.subscription.deleted", subscription, undefined, ctx.request);
    return subscription;
  });

  route("GET", "/v1/invoices", ({ query }) => {
    const customer = str(query.customer);
    const subscription = str(query.subscription);
    const status = str(query.status);
    const matches = [...invoices.values()].filter(
      (i) => (!customer || i.customer === customer) && (!subscription || i.parent?.subscription_details?.subscription === subscription) && (!status || i.status === status),
    );
    return listOf(matches, "/v1/invoices", query);
  });
  route("POST", "/v1/invoices/create_preview", ({ body }) => previewInvoice(body));
  route("GET", "/v1/invoices/:id", (ctx) => getOr404(invoices, param(ctx), "invoice"));

  route("POST", "/v1/subscription_schedules", ({ body }) => createSchedule(body));
  route("GET", "/v1/subscription_schedules/:id", (ctx) => getOr404(schedules, param(ctx), "subscription_schedule"));
  route("POST", "/v1/subscription_schedules/:id", (ctx) => updateSchedule(getOr404(schedules, param(ctx), "subscription_schedule"), ctx.body));
  route("POST", "/v1/subscription_schedules/:id/release", (ctx) => releaseSchedule(getOr404(schedules, param(ctx), "subscription_schedule")));
  route("GET", "/v1/payment_methods/:id", (ctx) => getOr404(paymentMethods, param(ctx), "PaymentMethod"));

  route("POST", "/v1/billing_portal/sessions", ({ body }) => {
    const customer = required(body.customer, "customer");
    if (!customers.has(customer)) throw missingParam("customer", customer, "customer");
    const id = newId("bps");
    const portal: Stripe.BillingPortal.Session = {
      id, object: "billing_portal.session", configuration: "bpc_standin_default", created: now(), customer, customer_account: null,
      flow: null, livemode: false, locale: null, on_behalf_of: null, return_url: str(body.return_url) ?? null, url: `${base}/portal/${id}`,
    };
    portalSessions.set(id, portal);
    return portal;
  });

  route("GET", "/v1/events/:id", (ctx) => getOr404(eventsById, param(ctx), "event"));
  route("GET", "/v1/events", ({ query }) => {
    const type = str(query.type);
    return listOf(events.filter((e) => !type || e.type === type), "/v1/events", query);
  });

  // ---------- HTTP ----------

  let responseDelayMs = { min: 0, max: 0 };
  function sendJson(res: ServerResponse, status: number, body: string, extraHeaders: Record<string, string> = {}): void {
    const send = () => {
      res.writeHead(status, { "content-type": "application/json", "request-id": newId("req", 14), ...extraHeaders });
      res.end(body);
    };
    if (responseDelayMs.max > 0) setTimeout(send, responseDelayMs.min + Math.random() * (responseDelayMs.max - responseDelayMs.min));
    else send();
  }
  const errorBody = (error: ApiError): string =>
    JSON.stringify({ error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } });

  function handle(req: IncomingMessage, res: ServerResponse, rawBody: string): void {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://stand-in");
    const query = parseForm(url.search.slice(1));
    const body = method === "POST" ? parseForm(rawBody) : {};
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    requests.push({ method, path: url.pathname, query, body, rawBody, idempotencyKey });

    if (!url.pathname.startsWith("/v1/")) throw new ApiError(404, `Not found: ${url.pathname} (the stand-in serves no browser pages).`);
    const auth = req.headers.authorization;
    if (!auth) throw new ApiError(401, "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').");
    if (auth !== `Bearer ${secretKey}`) {
      const key = auth.replace(/^Bearer /, "");
      throw new ApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`);
    }

    const failure = failures.find((f) => f.path === url.pathname && (f.method === null || f.method === method));
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) failures.splice(failures.indexOf(failure), 1);
      if (failure.status === 0) {
        req.socket.destroy();
        return;
      }
      const type = failure.status >= 500 ? "api_error" : failure.status === 402 ? "card_error" : "invalid_request_error";
      throw new ApiError(failure.status, `Injected failure (${failure.status}) from the Stripe stand-in.`, failure.status === 429 ? "rate_limit" : undefined, undefined, type);
    }

    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    if (method === "POST" && idempotencyKey) {
      const cached = idempotent.get(idempotencyKey);
      if (cached && cached.fingerprint !== fingerprint) {
        throw new ApiError(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`, undefined, undefined, "idempotency_error");
      }
      if (cached) {
        sendJson(res, cached.status, cached.body, { "idempotent-replayed": "true", "idempotency-key": idempotencyKey });
        return;
      }
    }

    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(url.pathname);
      if (!match) continue;
      const expand = strings((method === "POST" ? body : query).expand);
      const result = candidate.handler({ params: match.slice(1).map(decodeComponent), query, body, expand, request: { id: newId("req", 14), idempotency_key: idempotencyKey } });
      const payload = JSON.stringify(render(result, expand));
      if (method === "POST" && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status: 200, body: payload });
      sendJson(res, 200, payload, idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
      return;
    }
    throw new ApiError(404, `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(500, `Stand-in failure: ${error instanceof Error ? error.message : String(error)}`, undefined, undefined, "api_error");
        sendJson(res, apiError.status, errorBody(apiError));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  // ---------- test controls ----------

  function subscriptionOrThrow(id: string): StandInSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`stand-in: no subscription ${id}`);
    return subscription;
  }

  function completeCheckout(sessionId: string, options: { card?: StandInCard; email?: string } = {}): Stripe.Event[] {
    const session = sessions.get(sessionId);
    const extra = sessionExtras.get(sessionId);
    if (!session || !extra) throw new Error(`stand-in: no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`stand-in: checkout session ${sessionId} is ${String(session.status)}, not open`);
    const promotionCode = extra.promotionCode ? redeemablePromotionCode(extra.promotionCode, "promotion_code") : null;
    const customer =
      (typeof session.customer === "string" ? customers.get(session.customer) : undefined) ??
      createCustomer({ email: options.email ?? session.customer_email ?? "customer@example.com" });
    const method = createPaymentMethod(customer.id, options.card ?? { brand: "visa", last4: "4242" });
    const start = now();
    const line = extra.lines[0];
    const price = line ? getOr404(prices, line.price, "price") : undefined;
    if (!line || !price?.recurring) throw new Error("stand-in: session has no recurring price");
    const end = addInterval(start, price.recurring.interval, price.recurring.interval_count);
    const id = newId("sub");
    const coupon = extra.coupon ? (coupons.get(extra.coupon) ?? null) : null;
    const discount: Stripe.Discount | null = coupon
      ? {
          id: newId("di"), object: "discount", checkout_session: session.id, customer: customer.id, customer_account: null,
          end: coupon.duration === "repeating" && coupon.duration_in_months ? addInterval(start, "month", coupon.duration_in_months) : null,
          invoice: null, invoice_item: null, promotion_code: promotionCode?.id ?? null, source: { coupon: coupon.id, type: "coupon" }, start, subscription: id,
          subscription_item: null,
        }
      : null;
    if (discount) discounts.set(discount.id, discount);
    if (promotionCode) promotionCode.times_redeemed += 1;
    if (coupon) {
      coupon.times_redeemed += 1;
      if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
    }
    const item: Stripe.SubscriptionItem = {
      id: newId("si", 14), object: "subscription_item", billing_thresholds: null, created: start, current_period_end: end,
      current_period_start: start, current_trial: null, discounts: [], metadata: {}, plan: planFor(price), price: { ...price },
      quantity: line.quantity, subscription: id, tax_rates: [],
    };
    const subscription: StandInSubscription = {
      id, object: "subscription", application: null, application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null }, billing_cycle_anchor: start,
      billing_cycle_anchor_config: null, billing_mode: { flexible: null, type: "classic" }, billing_schedules: [], billing_thresholds: null,
      cancel_at: null, cancel_at_period_end: false, canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: "charge_automatically", created: start, currency: price.currency, current_period_end: end,
      current_period_start: start, customer: customer.id, customer_account: null, days_until_due: null, default_payment_method: method.id,
      default_source: null, default_tax_rates: [], description: null, discounts: discount ? [discount.id] : [], ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
      items: { object: "list", data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null, livemode: false, managed_payments: null, metadata: { ...extra.subscriptionMetadata },
      next_pending_invoice_item_invoice: null, on_behalf_of: null, pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
      pending_invoice_item_interval: null, pending_setup_intent: null, pending_update: null, schedule: null, start_date: start,
      status: "active", test_clock: null, transfer_data: null, trial_end: null,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
      trial_start: null,
    };
    subscriptions.set(id, subscription);
    subscriptionExtras.set(id, { coupon: coupon?.id ?? null, discount: discount?.id ?? null, pendingProration: 0 });
    // Stripe's first subscription invoice has period_start = period_end = its creation; the line carries the service period.
    const invoice = createInvoice(subscription, { reason: "subscription_create", lines: [lineFor(subscription, start, end)], coupon, paid: true, periodStart: start, periodEnd: start });
    subscription.latest_invoice = invoice.id;

    session.status = "complete";
    session.payment_status = "paid";
    session.customer = customer.id;
    session.subscription = id;
    session.invoice = invoice.id;
    session.customer_details = { address: null, business_name: null, email: customer.email, individual_name: null, name: customer.name ?? null, phone: null, tax_exempt: "none", tax_ids: [] };
    session.url = null;
    return [emit("checkout.session.completed", session), emit("customer.subscription.created", subscription), emit("invoice.paid", invoice)];
  }

  function expireCheckout(sessionId: string): Stripe.Event {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stand-in: no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`stand-in: checkout session ${sessionId} is ${String(session.status)}, not open`);
    session.status = "expired";
    session.url = null;
    return emit("checkout.session.expired", session);
  }

  function setSubscriptionStatus(subscriptionId: string, status: Stripe.Subscription.Status): Stripe.Event {
    const subscription = subscriptionOrThrow(subscriptionId);
    const previous = pick(subscription, ["status"]);
    if (status === "canceled") {
      cancelNow(subscription);
      return emit("customer.subscription.deleted", subscription);
    }
    subscription.status = status;
    return emit("customer.subscription.updated", subscription, previous);
  }

  function renew(subscriptionId: string): Stripe.Event[] {
    const subscription = subscriptionOrThrow(subscriptionId);
    if (subscription.status === "canceled") throw new Error(`stand-in: subscription ${subscriptionId} is canceled`);
    if (subscription.cancel_at_period_end) {
      cancelNow(subscription, subscription.current_period_end);
      return [emit("customer.subscription.deleted", subscription)];
    }
    const open = typeof subscription.latest_invoice === "string" ? invoices.get(subscription.latest_invoice) : undefined;
    if (open?.status === "open") {
      // The retry of a failed renewal succeeds: the period already moved when the payment failed.
      const previous = pick(subscription, ["status"]);
      open.status = "paid";
      open.amount_paid = open.amount_due;
      open.amount_remaining = 0;
      open.attempt_count += 1;
      open.next_payment_attempt = null;
      open.status_transitions.paid_at = now();
      subscription.status = "active";
      return [emit("customer.subscription.updated", subscription, previous), emit("invoice.paid", open)];
    }
    const { invoice, previous } = advance(subscription, true);
    subscription.status = "active";
    return [emit("customer.subscription.updated", subscription, previous), emit("invoice.paid", invoice)];
  }

  /** A new period begins and its invoice is created, paid or left open. */
  function advance(subscription: StandInSubscription, paid: boolean): { invoice: Stripe.Invoice; previous: Record<string, unknown> } {
    const extra = subscriptionExtras.get(subscription.id);
    const previous = pick(subscription, ["current_period_start", "current_period_end", "items", "latest_invoice", "status"]);
    const oldStart = subscription.current_period_start;
    const oldEnd = subscription.current_period_end;
    const recurring = subscription.items.data[0]?.price.recurring;
    const end = addInterval(oldEnd, recurring?.interval ?? "month", recurring?.interval_count ?? 1);
    applySchedule(subscription, oldEnd);
    setPeriod(subscription, oldEnd, end);
    const lines = [lineFor(subscription, oldEnd, end)];
    if (extra && extra.pendingProration !== 0) {
      lines.push({ ...lineFor(subscription, oldStart, oldEnd), amount: extra.pendingProration, description: "Proration for plan change", proration: true });
      extra.pendingProration = 0;
    }
    const coupon = activeCoupon(subscription, oldEnd);
    if (!coupon && extra?.discount) {
      extra.discount = null;
      subscription.discounts = [];
    }
    // A renewal invoice's period_start/period_end cover the period that just ended, as in Stripe.
    const invoice = createInvoice(subscription, { reason: "subscription_cycle", lines, coupon, paid, periodStart: oldStart, periodEnd: oldEnd });
    subscription.latest_invoice = invoice.id;
    return { invoice, previous };
  }

  function failPayment(subscriptionId: string): Stripe.Event[] {
    const subscription = subscriptionOrThrow(subscriptionId);
    if (subscription.status === "canceled") throw new Error(`stand-in: subscription ${subscriptionId} is canceled`);
    const latest = typeof subscription.latest_invoice === "string" ? invoices.get(subscription.latest_invoice) : undefined;
    if (latest?.status === "open") {
      latest.attempt_count += 1;
      latest.next_payment_attempt = now() + 3 * 86_400;
      const previous = pick(subscription, ["status"]);
      const wasPastDue = subscription.status === "past_due";
      subscription.status = "past_due";
      const failed = emit("invoice.payment_failed", latest);
      return wasPastDue ? [failed] : [failed, emit("customer.subscription.updated", subscription, previous)];
    }
    const { invoice, previous } = advance(subscription, false);
    subscription.status = "past_due";
    return [emit("invoice.payment_failed", invoice), emit("customer.subscription.updated", subscription, previous)];
  }

  return {
    url: base, port,
    secretKey,
    webhookSecret,
    client: () => new Stripe(secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0, telemetry: false }),
    completeCheckout,
    expireCheckout,
    setSubscriptionStatus,
    renew,
    failPayment,
    signedWebhook(event, signOptions = {}) {
      const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: signOptions.secret ?? webhookSecret, timestamp: signOptions.timestamp });
      return { payload, signature };
    },
    requests, events,
    failNext(path, status = 500, times = 1) {
      const [first = "", second] = path.trim().split(/\s+/);
      failures.push(second ? { method: first.toUpperCase(), path: second, status, remaining: times } : { method: null, path: first, status, remaining: times });
    },
    slowResponses(maxMs, minMs = 0) {
      responseDelayMs = { min: Math.min(minMs, maxMs), max: maxMs };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error && (error as NodeJS.ErrnoException).code !== "ERR_SERVER_NOT_RUNNING" ? reject(error) : resolve()));
      }),
  };
}
