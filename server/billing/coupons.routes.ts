import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CreateCouponBodySchema, UpdateCouponBodySchema } from "../../common/contracts/billing";
import { requireAdmin } from "../auth/guards";
import type { Database } from "../db/client";
import { createCoupon, deleteCoupon, listCoupons, setCouponActive } from "./coupons.service";

const CouponParamsSchema = z.object({ id: z.uuid() });

/** Admin Settings, tab Coupon Codes. */
export async function couponRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/admin/coupons", { config: { api: { summary: "List coupon codes" } }, preHandler: requireAdmin }, async () => ({ coupons: await listCoupons(db) }));

  app.post("/api/admin/coupons", { config: { api: { summary: "Create a coupon code", body: CreateCouponBodySchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const coupon = await createCoupon(db, CreateCouponBodySchema.parse(request.body));
    return reply.code(201).send({ coupon });
  });

  app.patch("/api/admin/coupons/:id", { config: { api: { summary: "Change a coupon code", body: UpdateCouponBodySchema, params: CouponParamsSchema } }, preHandler: requireAdmin }, async (request) => {
    const { id } = CouponParamsSchema.parse(request.params);
    return { coupon: await setCouponActive(db, id, UpdateCouponBodySchema.parse(request.body).isActive) };
  });

  app.delete("/api/admin/coupons/:id", { config: { api: { summary: "Delete a coupon code", params: CouponParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    await deleteCoupon(db, CouponParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });
}
