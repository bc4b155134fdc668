import { inArray } from "drizzle-orm";
import { z } from "zod";
import { MAIL_TRANSPORTS, type MailTransportName } from "../../common/contracts/email";
import type { Database } from "../db/client";
import { appSettings } from "../settings/settings.table";

const TRANSPORT_KEY = "mail.transport";
const GMAIL_KEY = "mail.gmail";

const ChoiceSchema = z.object({ transport: z.enum(MAIL_TRANSPORTS) });
/** `rejectedAt`: when Google stopped accepting the grant (revoked or expired); the admin must authorize again. */
const GmailGrantSchema = z.object({ sealedRefreshToken: z.string(), authorizedAt: z.string(), rejectedAt: z.string().optional() });
export type GmailGrant = z.infer<typeof GmailGrantSchema>;

export interface MailSettings {
  chosen: MailTransportName | null;
  gmail: GmailGrant | null;
}

/** The admin's transport choice and the Gmail grant, read together (every instance sees the same). */
export async function readMailSettings(db: Database): Promise<MailSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, [TRANSPORT_KEY, GMAIL_KEY]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const choice = ChoiceSchema.safeParse(value(TRANSPORT_KEY));
  const grant = GmailGrantSchema.safeParse(value(GMAIL_KEY));
  return { chosen: choice.success ? choice.data.transport : null, gmail: grant.success ? grant.data : null };
}

export async function saveTransportChoice(db: Database, transport: MailTransportName | null): Promise<void> {
  if (transport === null) {
    await db.delete(appSettings).where(inArray(appSettings.key, [TRANSPORT_KEY]));
    return;
  }
  await upsert(db, TRANSPORT_KEY, { transport });
}

export async function saveGmailGrant(db: Database, grant: GmailGrant | null): Promise<void> {
  if (grant === null) {
    await db.delete(appSettings).where(inArray(appSettings.key, [GMAIL_KEY]));
    return;
  }
  await upsert(db, GMAIL_KEY, grant);
}

/** Google refused this grant: kept, marked, so the status asks for a new authorization (unless one replaced it meanwhile). */
export async function markGmailGrantRejected(db: Database, sealedRefreshToken: string): Promise<void> {
  const { gmail } = await readMailSettings(db);
  if (!gmail || gmail.sealedRefreshToken !== sealedRefreshToken || gmail.rejectedAt) return;
  await upsert(db, GMAIL_KEY, { ...gmail, rejectedAt: new Date().toISOString() });
}

async function upsert(db: Database, key: string, value: object): Promise<void> {
  const updatedAt = new Date();
  await db.insert(appSettings).values({ key, value, updatedAt }).onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } });
}
