import { asc, eq } from "drizzle-orm";
import type { EmailTemplate, EmailTemplateInput } from "../../../common/contracts/email";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { appSettings } from "../../settings/settings.table";
import { sanitizeEmailHtml } from "./email-html";
import { emailTemplates } from "./email.table";

const SEEDED_KEY = "email.templates-seeded";

/** The spec's seed templates (spec 001 §3, the email-settings reading), written once per database. */
export const SEED_TEMPLATES: EmailTemplateInput[] = [
  {
    name: "Welcome Email",
    subject: "Welcome to Inventors Community!",
    body: "<p>Hi {{name}},</p><p>Welcome to Inventors Community! We're thrilled to have you on board as a {{tier}} member.</p><p>Start by exploring the members area, joining a mastermind session and introducing yourself in the community.</p><p>Best regards,<br>The Inventors Community Team</p>",
  },
  {
    name: "Subscription Confirmation",
    subject: "Your {{tier}} membership is confirmed",
    body: "<p>Hi {{name}},</p><p>Thank you for subscribing! Your <strong>{{tier}}</strong> membership is now active for {{email}}.</p><p>You now have access to every resource, video and session of your tier.</p><p>Best regards,<br>The Inventors Community Team</p>",
  },
  {
    name: "Monthly Newsletter",
    subject: "Inventors Community: this month's news",
    body: "<p>Hi {{name}},</p><p>Here is what happened in the community this month:</p><ul><li>New training videos in the library</li><li>Upcoming mastermind sessions</li><li>Member success stories</li></ul><p>See you inside,<br>The Inventors Community Team</p>",
  },
];

function toTemplate(row: typeof emailTemplates.$inferSelect): EmailTemplate {
  return { id: String(row.id), name: row.name, subject: row.subject, body: row.body };
}

/** Every template, oldest first; the first read of a new database writes the seed templates (once, even from two instances). */
export async function listTemplates(db: Database): Promise<EmailTemplate[]> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx.insert(appSettings).values({ key: SEEDED_KEY, value: true }).onConflictDoNothing().returning({ key: appSettings.key });
    if (claimed) await tx.insert(emailTemplates).values(SEED_TEMPLATES.map((template) => ({ ...template, body: sanitizeEmailHtml(template.body) })));
  });
  return (await db.select().from(emailTemplates).orderBy(asc(emailTemplates.id))).map(toTemplate);
}

export async function createTemplate(db: Database, input: EmailTemplateInput): Promise<EmailTemplate> {
  const [row] = await db.insert(emailTemplates).values({ ...input, body: sanitizeEmailHtml(input.body) }).returning();
  if (!row) throw new Error("template insert returned no row");
  return toTemplate(row);
}

export async function updateTemplate(db: Database, id: number, input: EmailTemplateInput): Promise<EmailTemplate> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...input, body: sanitizeEmailHtml(input.body), updatedAt: new Date() })
    .where(eq(emailTemplates.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Template not found");
  return toTemplate(row);
}

export async function deleteTemplate(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Template not found");
}
