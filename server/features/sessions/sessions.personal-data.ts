import { asc, eq } from "drizzle-orm";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { mastermindSessions, sessionReminders, sessionRsvps } from "./sessions.table";

/** The sessions the member said they would attend. */
export const SESSIONS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "sessions",
  columns: {
    "session_rsvps.user_id": { action: "delete", how: "RSVPs go with the account (going counts are counted from them)." },
    "session_reminders.user_id": { action: "delete", how: "The record of reminders sent goes with the account." },
  },
  exportSections: [
    {
      key: "sessionRsvps",
      covers: ["session_rsvps.user_id"],
      async read({ db, userId }) {
        const rows = await db
          .select({ id: mastermindSessions.id, title: mastermindSessions.title, date: mastermindSessions.date, time: mastermindSessions.time, createdAt: sessionRsvps.createdAt })
          .from(sessionRsvps)
          .innerJoin(mastermindSessions, eq(mastermindSessions.id, sessionRsvps.sessionId))
          .where(eq(sessionRsvps.userId, userId))
          .orderBy(asc(mastermindSessions.date));
        return rows.map((row) => ({ sessionId: row.id, title: row.title, date: row.date, time: row.time, rsvpAt: iso(row.createdAt) }));
      },
    },
    {
      key: "sessionReminders",
      covers: ["session_reminders.user_id"],
      async read({ db, userId }) {
        const rows = await db.select().from(sessionReminders).where(eq(sessionReminders.userId, userId)).orderBy(asc(sessionReminders.sentAt));
        return rows.map((row) => ({ sessionId: row.sessionId, before: row.kind === "day" ? "24 hours" : "1 hour", sentAt: iso(row.sentAt) }));
      },
    },
  ],
};
