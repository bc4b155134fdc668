import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accessOf } from "../notifications/notification-access";
import { notifyMembers } from "../notifications/notify";
import { SESSIONS_LINK, sessionSubject, sessionWhen } from "./session-notifications";
import { nextDay, programmeToday, sessionStartsAt } from "./session-time";
import { mastermindSessions } from "./sessions.table";

const HOUR_MS = 3_600_000;

/** The two reminders: a day before, and an hour before; a member who says yes within the hour gets only the second. */
const REMINDERS = [
  { kind: "hour", within: HOUR_MS },
  { kind: "day", within: 24 * HOUR_MS },
] as const;

/** "Starts in 23 hours: Pitch night", "Starts in 45 minutes: Pitch night". */
function startsIn(title: string, untilStart: number): string {
  const minutes = Math.max(1, Math.round(untilStart / 60_000));
  if (minutes < 60) return `Starts in ${minutes} ${minutes === 1 ? "minute" : "minutes"}: ${title}`;
  const hours = Math.round(minutes / 60);
  return `Starts in ${hours} ${hours === 1 ? "hour" : "hours"}: ${title}`;
}

/**
 * Reminds everyone going to a session starting within the next 24 hours and within the next hour,
 * once each: the reminder's row and its notification are written in one transaction, keyed by
 * session, member and kind, so instances running this at once, or a restart, never send one twice.
 * A member who withdrew has no RSVP and is not reminded. Mail goes by the member's choice for
 * session reminders ("Email at once" unless they changed it). Returns how many were sent.
 */
export async function sendSessionReminders(db: Database, now: Date): Promise<number> {
  const today = programmeToday(now);
  const candidates = await db
    .select()
    .from(mastermindSessions)
    .where(and(eq(mastermindSessions.isPast, false), gte(mastermindSessions.date, today), lte(mastermindSessions.date, nextDay(nextDay(today)))));
  let sent = 0;
  for (const session of candidates) {
    const untilStart = sessionStartsAt(session.date, session.time).getTime() - now.getTime();
    if (untilStart <= 0) continue;
    const reminder = REMINDERS.find((candidate) => untilStart <= candidate.within);
    if (!reminder) continue;
    sent += await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const fresh = (await txDb.execute(sql`
        insert into session_reminders (session_id, user_id, kind)
        select session_id, user_id, ${reminder.kind} from session_rsvps where session_id = ${session.id}
        on conflict do nothing returning user_id`)) as unknown as { rows: Array<{ user_id: string }> };
      if (fresh.rows.length === 0) return 0;
      const members = sql.join(
        fresh.rows.map((row) => sql`${row.user_id}`),
        sql`, `,
      );
      return notifyMembers(txDb, sql`select unnest(array[${members}]::text[])`, {
        event: "session-reminder",
        headline: startsIn(session.title, untilStart),
        access: accessOf.session(session.tier),
        subject: sessionSubject(session.id),
        excerpt: sessionWhen(session),
        link: SESSIONS_LINK,
      });
    });
  }
  return sent;
}
