import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BILLING_MESSAGES, ChangePlanBodySchema, CheckoutBodySchema, PlanChangePreviewQuerySchema, ValidateCouponBodySchema } from "../../common/contracts/billing";
import { memberOf, requireMember } from "../auth/guards";
import { AppError } from "../errors";
import { answerOnceReserved, fingerprintOf, idempotencyKeyOf, sendAnswer } from "../plugins/idempotency";
import { getAccountBilling, openPortal } from "./account.service";
import { confirmCheckout, startCheckout } from "./checkout.service";
import { findUsableCoupon } from "./coupons.service";
import { changePlan, previewPlanChange } from "./plan-change.service";
import type { BillingDeps } from "./sync";

const SessionParamsSchema = z.object({ id: z.string().min(1).max(255) });

/** Member billing: coupon check, checkout, confirmation, account view, portal, plan change. */
export async function billingRoutes(app: FastifyInstance, { deps, origin }: { deps: BillingDeps; origin: string }): Promise<void> {
  app.post("/api/billing/coupons/validate", { config: { api: { summary: "Check a coupon code for a plan", body: ValidateCouponBodySchema } }, preHandler: requireMember }, async (request) => {
    const body = ValidateCouponBodySchema.safeParse(request.body);
    if (!body.success) throw new AppError("BAD_REQUEST", BILLING_MESSAGES.invalidCoupon);
    const coupon = await findUsableCoupon(deps.db, body.data.code, body.data.membershipTier, memberOf(request).userId);
    return { discount: coupon.discountPercent };
  });

  // With an Idempotency-Key a retried checkout gets the first one's address, never a second checkout.
  app.post("/api/billing/checkout", { config: { api: { summary: "Start checkout for a paid tier", body: CheckoutBodySchema } }, preHandler: requireMember }, async (request, reply) => {
    const viewer = memberOf(request);
    const key = idempotencyKeyOf(request, viewer.userId);
    const body = CheckoutBodySchema.parse(request.body);
    return sendAnswer(reply, await answerOnceReserved(deps.db, key, fingerprintOf(body), 200, () => startCheckout(deps, viewer, body, origin)));
  });

  app.get("/api/billing/checkout/:id", { config: { api: { summary: "Read a checkout's outcome", params: SessionParamsSchema } }, preHandler: requireMember }, async (request) => {
    const { id } = SessionParamsSchema.parse(request.params);
    const confirmation = await confirmCheckout(deps, id, memberOf(request).userId);
    if (!confirmation) throw new AppError("NOT_FOUND", "No completed payment was found for this checkout.");
    return confirmation;
  });

  app.get("/api/billing/account", { config: { api: { summary: "The member's subscription and billing state" } }, preHandler: requireMember }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return getAccountBilling(deps, memberOf(request));
  });

  app.post("/api/billing/portal", { config: { api: { summary: "Open the billing portal" } }, preHandler: requireMember }, async (request) => {
    return openPortal(deps, memberOf(request), `${origin}/members/account`);
  });

  app.get("/api/billing/change-plan/preview", { config: { api: { summary: "Preview a plan change and its cost", query: PlanChangePreviewQuerySchema } }, preHandler: requireMember }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return previewPlanChange(deps, memberOf(request), PlanChangePreviewQuerySchema.parse(request.query).plan);
  });

  app.post("/api/billing/change-plan", { config: { api: { summary: "Change plan", body: ChangePlanBodySchema } }, preHandler: requireMember }, async (request) => {
    return changePlan(deps, memberOf(request), ChangePlanBodySchema.parse(request.body));
  });
}
