import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ChooseTransportSchema, EMAIL_MESSAGES, EmailPreviewInputSchema, EmailTemplateInputSchema, GmailCodeSchema, PREVIEW_RECIPIENT, SendEmailSchema, type EmailPreview, type EmailStatus } from "../../../common/contracts/email";
import { memberOf, requireAdmin } from "../../auth/guards";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { MailDeliveryError } from "../../mail/mail-failure";
import { sanitizeEmailHtml } from "./email-html";
import { fillHeader, fillHtml } from "./placeholders";
import { clearEmailErrors, listEmailErrors, recordEmailError } from "./error-log";
import { gmailConsentStates } from "./gmail-state";
import { sendSingleEmail } from "./single-send";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates.service";

export interface EmailRoutesDeps {
  db: Database;
  mailer: Mailer;
  /** PUBLIC_URL is https: the consent's browser cookie is `Secure`. */
  secureCookies: boolean;
}

const TemplateParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const GMAIL_STATE_REFUSED = "This authorization was not started from this admin panel in this browser, was already used, or is older than 15 minutes";
const AuthorizeSchema = GmailCodeSchema.extend({ state: z.string().max(500).optional() });

/** Email Settings (spec 001 §2.7): transport, Gmail authorization, Send Email, templates, error log. All admin only. */
export async function emailRoutes(app: FastifyInstance, { db, mailer, secureCookies }: EmailRoutesDeps): Promise<void> {
  const consentStates = gmailConsentStates(secureCookies);
  app.get("/api/admin/email/status", { config: { api: { summary: "Mail transport status" } }, preHandler: requireAdmin }, async (): Promise<EmailStatus> => mailer.status());

  app.put("/api/admin/email/transport", { config: { api: { summary: "Choose the mail transport", body: ChooseTransportSchema } }, preHandler: requireAdmin }, async (request): Promise<EmailStatus> => {
    await mailer.chooseTransport(ChooseTransportSchema.parse(request.body).transport);
    return mailer.status();
  });

  app.post("/api/admin/email/gmail/consent", { config: { api: { summary: "Start Gmail authorization (consent address)" } }, preHandler: requireAdmin }, async (request, reply) => {
    const { state, setCookie } = await consentStates.start(db, memberOf(request).userId, request.headers.cookie);
    const url = mailer.gmailConsentUrl(state);
    if (!url) {
      await recordEmailError(db, { type: "CONFIG_ERROR", message: EMAIL_MESSAGES.authorizationUrlFailed, details: "GMAIL_CLIENT_ID and GMAIL_CLIENT_SECRET are not set" });
      throw new AppError("SERVICE_UNAVAILABLE", EMAIL_MESSAGES.authorizationUrlFailed);
    }
    reply.header("set-cookie", setCookie);
    return { url };
  });

  // The code arrives from /callback with the state of a consent this admin started in this browser, or pasted by the admin in step 2.
  app.post("/api/admin/email/gmail/authorize", { config: { api: { summary: "Finish Gmail authorization with a code", body: AuthorizeSchema } }, preHandler: requireAdmin }, async (request): Promise<EmailStatus> => {
    const { code, state } = AuthorizeSchema.parse(request.body);
    if (state !== undefined && !(await consentStates.consume(db, memberOf(request).userId, state, request.headers.cookie))) {
      throw new AppError("BAD_REQUEST", GMAIL_STATE_REFUSED);
    }
    try {
      const outcome = await mailer.authorizeGmail(code);
      if (outcome === "no-refresh-token") throw new AppError("BAD_REQUEST", EMAIL_MESSAGES.noRefreshToken);
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      await recordEmailError(db, { type: error.type, message: EMAIL_MESSAGES.tokensFailed, details: [error.message, error.details].filter(Boolean).join(", ") });
      throw new AppError("BAD_REQUEST", `${EMAIL_MESSAGES.tokensFailed}: ${error.message}`);
    }
    return mailer.status();
  });

  app.delete("/api/admin/email/gmail", { config: { api: { summary: "Forget the Gmail authorization" } }, preHandler: requireAdmin }, async (): Promise<EmailStatus> => {
    await mailer.resetGmail();
    return mailer.status();
  });

  app.post("/api/admin/email/send", { config: { api: { summary: "Send one email", body: SendEmailSchema } }, preHandler: requireAdmin }, async (request) => {
    const { delivered } = await sendSingleEmail(db, mailer, SendEmailSchema.parse(request.body));
    return { sent: true, delivered };
  });

  app.post("/api/admin/email/preview", { config: { api: { summary: "Preview an email as a member receives it", body: EmailPreviewInputSchema } }, preHandler: requireAdmin }, async (request): Promise<EmailPreview> => {
    const { subject, body } = EmailPreviewInputSchema.parse(request.body);
    // Sanitized and filled as a send would be, so the preview shows what members get.
    return { subject: fillHeader(subject, PREVIEW_RECIPIENT), html: fillHtml(sanitizeEmailHtml(body), PREVIEW_RECIPIENT) };
  });

  app.get("/api/admin/email/templates", { config: { api: { summary: "List email templates" } }, preHandler: requireAdmin }, async () => ({ templates: await listTemplates(db) }));
  app.post("/api/admin/email/templates", { config: { api: { summary: "Create an email template", body: EmailTemplateInputSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply) => {
    return reply.code(201).send(await createTemplate(db, EmailTemplateInputSchema.parse(request.body)));
  });
  app.put("/api/admin/email/templates/:id", { config: { api: { summary: "Save an email template", body: EmailTemplateInputSchema, params: TemplateParamsSchema } }, preHandler: requireAdmin }, async (request) => {
    const { id } = TemplateParamsSchema.parse(request.params);
    return updateTemplate(db, id, EmailTemplateInputSchema.parse(request.body));
  });
  app.delete("/api/admin/email/templates/:id", { config: { api: { summary: "Delete an email template", params: TemplateParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    await deleteTemplate(db, TemplateParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.get("/api/admin/email/errors", { config: { api: { summary: "List email delivery errors" } }, preHandler: requireAdmin }, async () => ({ entries: await listEmailErrors(db) }));
  app.delete("/api/admin/email/errors", { config: { api: { summary: "Clear the email error log", success: { status: 204 } } }, preHandler: requireAdmin }, async (_request, reply) => {
    await clearEmailErrors(db);
    return reply.code(204).send();
  });
}
