import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  ACCOUNT_DATA_MESSAGES,
  DeleteAccountBodySchema,
  type AccountDataSummary,
} from "../../../common/contracts/account-data";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { memberOf, passAdminsThroughGate } from "../../auth/guards";
import { rateLimitAddress } from "../../auth/client-ip";
import type { Viewer, ViewerResolver } from "../../auth/viewer";
import { AppError } from "../../errors";
import { contentDisposition } from "../../files/content-disposition";
import { getGeneralSettings } from "../settings/settings.service";
import type { AccountDataDeps } from "./account-data-deps";
import { deletionLinkMail } from "./account-data-mail";
import { deleteOwnAccount, isLastActiveAdmin } from "./account-deletion.service";
import { deletionSummary } from "./deletion-summary";
import { latestExport, openExportDownload, openPreparedExport, planExport, requestExport } from "./export.service";
import { assertOwnPassword, consumeDeletionToken, countConfirmationAttempt, hasPassword, issueDeletionToken } from "./reauthentication";

export interface AccountDataRoutesOptions extends AccountDataDeps {
  viewers: ViewerResolver;
  /** The sign-in limits (AUTH_RATE_LIMIT_IP, AUTH_RATE_LIMIT_ACCOUNT): re-authentication has the same. */
  perAddress: number;
  perAccount: number;
  /** better-auth's session cookie, cleared once the account is gone. */
  sessionCookieName: string;
}

const ExportParamsSchema = z.object({ id: z.uuid() });
const ExportLinkQuerySchema = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

/** "Your data" and "Delete account" on the Account page: the member's own export and deletion. */
export async function accountDataRoutes(app: FastifyInstance, options: AccountDataRoutesOptions): Promise<void> {
  const { viewers, ...deps } = options;

  app.get("/api/me/data", { config: { api: { summary: "What the product holds about the viewer", access: "member" } } }, async (request, reply): Promise<AccountDataSummary> => {
    const viewer = memberOf(request);
    reply.header("cache-control", "no-store");
    const [plan, prepared, deletion] = await Promise.all([planExport(deps, viewer.userId), latestExport(deps, viewer.userId), deletionSummary(deps, viewer.userId)]);
    return { export: { delivery: plan.delivery, records: plan.records, files: plan.files, fileBytes: plan.fileBytes, prepared }, deletion };
  });

  app.get("/api/me/data/export", { config: { api: { summary: "Status of the viewer's data export", access: "member" } } }, async (request, reply) => {
    const viewer = exporterOf(request);
    const stream = await openExportDownload(deps, viewer.userId);
    return sendZip(reply, await archiveName(deps), stream);
  });

  app.post("/api/me/data/exports", { config: { api: { summary: "Request a download of the viewer's data", access: "member", success: { status: 202 } } } }, async (request, reply) => {
    const viewer = exporterOf(request);
    await requestExport(deps, viewer.userId);
    return reply.code(202).send({ status: "preparing", message: ACCOUNT_DATA_MESSAGES.exportQueued });
  });

  app.get("/api/me/data/exports/:id/download", { config: { api: { summary: "Download a data export", description: "The signed link mailed when the export is ready; it expires.", query: ExportLinkQuerySchema, params: ExportParamsSchema, success: { status: 200, contentType: "application/zip" } } } }, async (request, reply) => {
    // The mailed link opened where nobody (or someone else) is signed in: the Account page asks to sign in first.
    if (!request.viewer?.isActive) return reply.redirect("/members/account#your-data", 302);
    const viewer = exporterOf(request);
    const { id } = ExportParamsSchema.parse(request.params);
    const query = ExportLinkQuerySchema.parse(request.query);
    const { stream, size } = await openPreparedExport(deps, viewer.userId, id, query);
    reply.header("content-length", String(size));
    return sendZip(reply, await archiveName(deps), stream);
  });

  /** Counts the attempt against the sign-in limits, refusing with 429 past them. */
  async function limitConfirmation(request: Parameters<typeof memberOf>[0], reply: FastifyReply, email: string): Promise<boolean> {
    const address = rateLimitAddress(request.clientIp);
    const retryAfter = await countConfirmationAttempt(deps.db, email, { address, perAddress: options.perAddress, perAccount: options.perAccount });
    if (retryAfter === null) return true;
    request.log.warn({ account: email }, "account deletion rate limit reached");
    reply.header("retry-after", String(retryAfter));
    return false;
  }

  app.post("/api/me/account/deletion-link", { config: { api: { summary: "Mail a link to delete the account", access: "member", success: { status: 202 } } } }, async (request, reply) => {
    const viewer = memberOf(request);
    if (await hasPassword(deps.db, viewer.userId)) throw new AppError("BAD_REQUEST", ACCOUNT_DATA_MESSAGES.hasPassword);
    if (await isLastActiveAdmin(deps.db, viewer.userId)) throw new AppError("FORBIDDEN", ACCOUNT_DATA_MESSAGES.lastAdmin);
    if (!(await limitConfirmation(request, reply, viewer.email))) throw new AppError("RATE_LIMITED", AUTH_MESSAGES.rateLimited);
    const token = await issueDeletionToken(deps.db, viewer.userId);
    const { communityName } = await getGeneralSettings(deps.db);
    const link = `${deps.baseUrl}/members/account#confirm-deletion=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: viewer.email, ...deletionLinkMail({ name: viewer.name, communityName, link }) });
    return reply.code(202).send({ message: ACCOUNT_DATA_MESSAGES.linkSent });
  });

  app.post("/api/me/account/delete", { config: { api: { summary: "Delete the viewer's account", body: DeleteAccountBodySchema, access: "member" } } }, async (request, reply) => {
    const viewer = memberOf(request);
    const body = DeleteAccountBodySchema.parse(request.body);
    if (!(await limitConfirmation(request, reply, viewer.email))) throw new AppError("RATE_LIMITED", AUTH_MESSAGES.rateLimited);
    if (body.token !== undefined) await consumeDeletionToken(deps.db, viewer.userId, body.token);
    else await assertOwnPassword(deps.db, viewer.userId, body.password ?? "");
    await deleteOwnAccount(deps, viewer.userId, body.posts);
    viewers.forgetUser(viewer.userId);
    const secure = deps.baseUrl.startsWith("https://") ? "; Secure" : "";
    reply.header("set-cookie", `${options.sessionCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    return { deleted: true, message: ACCOUNT_DATA_MESSAGES.deleted };
  });
}

/**
 * The member asking for their own export. An admin's export names the members their admin actions
 * touched (the audit log), so for an admin it is an admin power: refused with the admin gate's answer
 * while the gate holds them (REQUIRE_ADMIN_2FA without a second factor).
 */
function exporterOf(request: Parameters<typeof memberOf>[0]): Viewer {
  const viewer = memberOf(request);
  passAdminsThroughGate(viewer);
  return viewer;
}

async function archiveName(deps: AccountDataDeps): Promise<string> {
  const { communityName } = await getGeneralSettings(deps.db);
  return `${communityName} data ${new Date().toISOString().slice(0, 10)}.zip`;
}

function sendZip(reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) {
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", contentDisposition("attachment", name))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(stream);
}
