import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BulkSendProgress } from "../../../common/contracts/email";
import { requireAdmin } from "../../auth/guards";
import type { Database } from "../../db/client";
import { cancelBulkSend, getBulkSendProgress } from "./bulk-send.service";

const SendParamsSchema = z.object({ id: z.uuid() });

/** Bulk sends (started from User Management, POST /api/admin/users/email): the progress the dialog polls, and cancel. */
export async function bulkSendRoutes(app: FastifyInstance, { db, staleSeconds }: { db: Database; staleSeconds: number }): Promise<void> {
  app.get("/api/admin/email/bulk/:id", { config: { api: { summary: "Progress of a bulk send", params: SendParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<BulkSendProgress> => {
    return getBulkSendProgress(db, SendParamsSchema.parse(request.params).id, staleSeconds);
  });
  app.post("/api/admin/email/bulk/:id/cancel", { config: { api: { summary: "Cancel a bulk send", params: SendParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<BulkSendProgress> => {
    return cancelBulkSend(db, SendParamsSchema.parse(request.params).id);
  });
}
