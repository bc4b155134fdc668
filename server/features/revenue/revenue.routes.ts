import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { REVENUE_EXPORTS, revenueRangeSchema, type RevenueFigures } from "../../../common/contracts/revenue";
import { requireAdmin } from "../../auth/guards";
import type { Database } from "../../db/client";
import { revenueCsv } from "./revenue-csv";
import { revenueFigures } from "./revenue-figures";

const ExportParamsSchema = z.object({ figure: z.enum(REVENUE_EXPORTS, { message: `Choose one of: ${REVENUE_EXPORTS.join(", ")}` }) });

/** The admin dashboard's revenue figures for a range of months, and each as a CSV download. */
export async function revenueRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.get("/api/admin/revenue", { config: { api: { summary: "Revenue figures for a range of months", query: revenueRangeSchema } }, preHandler: requireAdmin }, async (request): Promise<RevenueFigures> => {
    return revenueFigures(deps.db, revenueRangeSchema.parse(request.query));
  });

  app.get("/api/admin/revenue/:figure/csv", { config: { api: { summary: "One revenue figure as CSV", params: ExportParamsSchema, query: revenueRangeSchema, success: { status: 200, contentType: "text/csv" } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { figure } = ExportParamsSchema.parse(request.params);
    const figures = await revenueFigures(deps.db, revenueRangeSchema.parse(request.query));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="revenue-${figure}-${figures.from}-to-${figures.to}.csv"`)
      .header("cache-control", "no-store")
      .send(revenueCsv(figures, figure));
  });
}
