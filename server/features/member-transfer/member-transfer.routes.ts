import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ConfirmImportSchema, IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES, MembersExportQuerySchema, type Complimentary, type MemberImport } from "../../../common/contracts/member-transfer";
import { PLANS } from "../../../common/tiers";
import { users } from "../../auth/auth.table";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import { AppError } from "../../errors";
import { eq } from "drizzle-orm";
import { membersCsv } from "./members-export";
import { confirmImport, getImport, uploadImport, type ImportDeps } from "./member-import.service";

const ImportParamsSchema = z.object({ id: z.uuid({ error: MEMBER_IMPORT_MESSAGES.notFound }) });

/** Members out (CSV export of User Management's search) and in (CSV import: dry run, confirmation, progress). */
export async function memberTransferRoutes(app: FastifyInstance, deps: ImportDeps): Promise<void> {
  const { db } = deps;
  // Multipart is parsed only inside this plugin; the file is read whole, so its size is capped here.
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.get("/api/admin/users/export.csv", { config: { api: { summary: "Export accounts as CSV (User Management's search)", query: MembersExportQuerySchema, success: { status: 200, contentType: "text/csv" } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { search } = MembersExportQuerySchema.parse(request.query);
    const day = new Date().toISOString().slice(0, 10);
    reply.header("content-type", "text/csv; charset=utf-8");
    reply.header("content-disposition", `attachment; filename="members-${day}.csv"`);
    reply.header("cache-control", "private, no-store");
    return reply.send(membersCsv(db, search));
  });

  app.post("/api/admin/member-imports", { config: { api: { summary: "Upload a members CSV for a dry run (multipart)", description: "A `multipart/form-data` upload with one file part: the CSV (name, email, tier, joined date, notes).", success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply): Promise<MemberImport> => {
    if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MEMBER_IMPORT_MESSAGES.noFile);
    const part = await request.file();
    if (!part) throw new AppError("BAD_REQUEST", MEMBER_IMPORT_MESSAGES.noFile);
    const content = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", MEMBER_IMPORT_MESSAGES.tooLarge);
      throw error;
    });
    reply.code(201);
    return uploadImport(db, memberOf(request), part.filename || "members.csv", content);
  });

  app.get("/api/admin/member-imports/:id", { config: { api: { summary: "An import's rows, problems and progress", params: ImportParamsSchema } }, preHandler: requireAdmin }, async (request, reply): Promise<MemberImport> => {
    reply.header("cache-control", "private, no-store");
    return getImport(db, ImportParamsSchema.parse(request.params).id);
  });

  app.post("/api/admin/member-imports/:id/confirm", { config: { api: { summary: "Confirm an import (creates the accounts)", body: ConfirmImportSchema, params: ImportParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<MemberImport> => {
    const { id } = ImportParamsSchema.parse(request.params);
    return confirmImport(deps, id, ConfirmImportSchema.parse(request.body ?? {}));
  });

  app.get("/api/account/complimentary", { config: { api: { summary: "The viewer's complimentary tier, if any" } }, preHandler: requireMember }, async (request): Promise<Complimentary> => {
    const [row] = await db.select({ tier: users.tierOverride, until: users.tierOverrideUntil }).from(users).where(eq(users.id, memberOf(request).userId));
    if (!row?.tier || !row.until || row.until <= new Date()) return null;
    return { tier: PLANS[row.tier].name, until: row.until.toISOString() };
  });
}
