import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { PLANS } from "../../../common/tiers";
import type { ContentLevel } from "../../../common/content";
import type { Database } from "../../db/client";
import { queueBroadcast } from "../../jobs/broadcast-request";
import type { JobQueue } from "../../jobs/job-queue";
import { accessOf } from "../notifications/notification-access";
import { excerptOf, forgetSubject, moveSubjectAccess, notifyMembers } from "../notifications/notify";
import { formatSessionDate } from "./session-time";
import type { SessionRow } from "./sessions.service";

export const sessionSubject = (id: number) => `session:${id}`;
export const SESSIONS_LINK = "/members/mastermind";

const audienceName = (level: ContentLevel) => (level === "all" ? "all members" : PLANS[level].name);

/** "Pitch night, June 15, 2025, 7:00 PM-8:00 PM ET". */
export const sessionWhen = (session: Pick<SessionRow, "title" | "date" | "time">) => excerptOf(`${session.title}, ${formatSessionDate(session.date)}, ${session.time}`);

/** A new upcoming session: every member of its tier is told, by a job. */
export async function announceNewSession(jobs: JobQueue, session: SessionRow, log: FastifyBaseLogger): Promise<void> {
  if (session.isPast) return;
  await queueBroadcast(
    jobs,
    { event: "new-session", headline: `New session for ${audienceName(session.tier)}`, access: accessOf.session(session.tier), subject: sessionSubject(session.id), excerpt: sessionWhen(session), link: SESSIONS_LINK },
    log,
  );
}

/**
 * After an admin's edit: a recording added is announced to the session's tier; a new time, day,
 * place or join link is told to those going (their reminders topic, mailed at once by default);
 * a new tier moves the session's notifications with it.
 */
export async function announceSessionChanges(db: Database, jobs: JobQueue, before: SessionRow, after: SessionRow, log: FastifyBaseLogger): Promise<void> {
  if (before.tier !== after.tier) await moveSubjectAccess(db, sessionSubject(after.id), accessOf.session(after.tier));
  if (!before.recordingUrl && after.recordingUrl) {
    await queueBroadcast(jobs, { event: "recording", access: accessOf.session(after.tier), subject: sessionSubject(after.id), excerpt: excerptOf(after.title), link: SESSIONS_LINK }, log);
  }
  const moved = before.date !== after.date || before.time !== after.time || before.location !== after.location || before.joinUrl !== after.joinUrl;
  if (!moved || after.isPast) return;
  const what = before.joinUrl !== after.joinUrl && before.date === after.date && before.time === after.time ? "has a new join link" : "has a new time or place";
  await notifyMembers(db, sql`select user_id from session_rsvps where session_id = ${after.id}`, {
    event: "session-changed",
    headline: `${after.title} ${what}`,
    access: accessOf.session(after.tier),
    subject: sessionSubject(after.id),
    excerpt: sessionWhen(after),
    link: SESSIONS_LINK,
  });
}

/** A deleted session takes its notifications along. */
export async function forgetSession(db: Database, id: number): Promise<void> {
  await forgetSubject(db, sessionSubject(id));
}
