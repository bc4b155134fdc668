import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CallRequest, CallRequestInputSchema } from "../../../common/contracts/call-requests";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { getGeneralSettings } from "../settings/settings.service";
import { recordAudit } from "../users/audit-log";
import { hitRateLimit } from "../../auth/rate-limit";
import { callRequestConfirmationMail, callRequestMail } from "./call-request-mail";
import { callRequests } from "./call-requests.table";

type CallRequestRow = typeof callRequests.$inferSelect;

export interface CallRequestDeps {
  db: Database;
  mailer: Mailer;
  /** The admin page that lists the requests, linked from the mail. */
  listUrl: string;
}

const toCallRequestDto = (row: CallRequestRow): CallRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  preferredTimes: row.preferredTimes,
  topic: row.topic,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledByEmail: row.handledByEmail,
});

/** Stores the request, mails every active admin and confirms to the address given; the request is kept even if a mail cannot go out. */
export async function createCallRequest(deps: CallRequestDeps, input: z.output<typeof CallRequestInputSchema>): Promise<CallRequest> {
  const [row] = await deps.db.insert(callRequests).values(input).returning();
  if (!row) throw new AppError("INTERNAL", "Call request not stored");
  const request = toCallRequestDto(row);
  const [admins, { communityName }] = await Promise.all([
    deps.db.select({ email: users.email }).from(users).where(and(eq(users.role, "admin"), eq(users.isActive, true))),
    getGeneralSettings(deps.db),
  ]);
  const mail = callRequestMail(request, communityName, deps.listUrl);
  await Promise.all(admins.map((admin) => deps.mailer.send({ to: admin.email, ...mail })));
  // However many addresses ask, one inbox gets a few confirmations a day: the form is no mail cannon.
  const confirmations = await hitRateLimit(deps.db, confirmationLimitKey(input.email), CONFIRMATIONS_PER_DAY, 24 * 3600);
  if (confirmations.allowed) await deps.mailer.send({ to: input.email, ...callRequestConfirmationMail(communityName) });
  return request;
}

/** Confirmation mails one address receives per day, from any number of requests. */
export const CONFIRMATIONS_PER_DAY = 3;

/** The counter of confirmations mailed to an address (erased with an account whose address it is). */
export const confirmationLimitKey = (email: string) => `mail:call-request:${email.toLowerCase()}`;

/** Open requests first, then handled ones; newest first within each. */
export async function listCallRequests(db: Database): Promise<CallRequest[]> {
  const rows = await db
    .select()
    .from(callRequests)
    .orderBy(sql`${callRequests.handledAt} is not null`, desc(callRequests.createdAt), asc(callRequests.id));
  return rows.map(toCallRequestDto);
}

/** Marks an open request handled by `admin`, with an audit entry in the same transaction; handling twice keeps the first. */
export async function markCallRequestHandled(db: Database, admin: Viewer, id: string): Promise<CallRequest> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [updated] = await txDb
      .update(callRequests)
      .set({ handledAt: new Date(), handledById: admin.userId, handledByEmail: admin.email })
      .where(and(eq(callRequests.id, id), isNull(callRequests.handledAt)))
      .returning();
    if (updated) {
      await recordAudit(txDb, admin, [
        { action: "handle-call-request", targetId: updated.id, targetEmail: updated.email, before: { handled: false }, after: { handled: true } },
      ]);
      return toCallRequestDto(updated);
    }
    const [existing] = await txDb.select().from(callRequests).where(eq(callRequests.id, id));
    if (!existing) throw new AppError("NOT_FOUND", "Call request not found");
    return toCallRequestDto(existing);
  });
}
