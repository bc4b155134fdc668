import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAdmin } from "../auth/guards";
import type { Database } from "../db/client";
import { outboxMessages } from "./outbox.table";

const OutboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Admins read every message the app sent, newest first. */
export async function outboxRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/admin/outbox", { config: { api: { summary: "List sent and stored mail (the outbox)", query: OutboxQuerySchema } }, preHandler: requireAdmin }, async (request) => {
    const { limit } = OutboxQuerySchema.parse(request.query);
    const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        status: row.status,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}
