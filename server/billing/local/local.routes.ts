import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { memberOf, requireMember } from "../../auth/guards";
import { PlanSchema } from "../../../common/contracts/billing";
import { getAccountBilling } from "../account.service";
import { changePlan } from "../plan-change.service";
import type { BillingDeps } from "../sync";
import { applyPortalAction, cancelLocalCheckout, getLocalCheckout, payLocalCheckout } from "./local.service";

const SessionParamsSchema = z.object({ id: z.string().min(1).max(255) });
const PayBodySchema = z.object({ cardNumber: z.string().trim().min(1, "Card number is required").max(32) });
const PortalBodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("update-card"), cardNumber: z.string().trim().min(1, "Card number is required").max(32) }),
  z.object({ action: z.literal("change-plan"), plan: PlanSchema }),
]);

/** The local test-mode provider's checkout and portal, for the member's own records only. */
export async function localBillingRoutes(app: FastifyInstance, { deps }: { deps: BillingDeps }): Promise<void> {
  app.get("/api/billing/local/checkout/:id", { config: { api: { summary: "Read a test-mode checkout", params: SessionParamsSchema } }, preHandler: requireMember }, async (request) => {
    return getLocalCheckout(deps, memberOf(request), SessionParamsSchema.parse(request.params).id);
  });

  app.post("/api/billing/local/checkout/:id/pay", { config: { api: { summary: "Pay a test-mode checkout", body: PayBodySchema, params: SessionParamsSchema } }, preHandler: requireMember }, async (request) => {
    const { id } = SessionParamsSchema.parse(request.params);
    return payLocalCheckout(deps, memberOf(request), id, PayBodySchema.parse(request.body).cardNumber);
  });

  app.post("/api/billing/local/checkout/:id/cancel", { config: { api: { summary: "Cancel a test-mode checkout", params: SessionParamsSchema, success: { status: 204 } } }, preHandler: requireMember }, async (request, reply) => {
    await cancelLocalCheckout(deps, memberOf(request), SessionParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.post("/api/billing/local/portal", { config: { api: { summary: "Act in the test-mode billing portal", body: PortalBodySchema } }, preHandler: requireMember }, async (request) => {
    const viewer = memberOf(request);
    const body = PortalBodySchema.parse(request.body);
    if (body.action === "change-plan") await changePlan(deps, viewer, { plan: body.plan });
    else await applyPortalAction(deps, viewer, body);
    return getAccountBilling(deps, viewer);
  });
}
