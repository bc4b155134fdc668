import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { CONTENT_LEVELS, type ContentLevel } from "../../../common/content";
import { SESSION_MESSAGES, type Attendee, type MastermindSession, type RsvpResponse, type SessionValues, type SessionsResponse } from "../../../common/contracts/sessions";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { sessionLevelsFor } from "../content/access.policy";
import { calendarFileName, sessionCalendar } from "./session-calendar";
import { mastermindSessions, sessionRsvps } from "./sessions.table";

export type SessionRow = typeof mastermindSessions.$inferSelect;

/**
 * The sessions of these levels: upcoming (`is_past` false) soonest first, then past newest first.
 * Ties on a day keep creation order among upcoming ones and reverse it among past ones.
 */
export async function sessionsOfLevels(db: Database, levels: readonly ContentLevel[]): Promise<{ upcoming: SessionRow[]; past: SessionRow[] }> {
  if (levels.length === 0) return { upcoming: [], past: [] };
  const rows = await db
    .select()
    .from(mastermindSessions)
    .where(inArray(mastermindSessions.tier, [...levels]))
    .orderBy(asc(mastermindSessions.date), asc(mastermindSessions.id));
  return { upcoming: rows.filter((row) => !row.isPast), past: rows.filter((row) => row.isPast).reverse() };
}

/** Upcoming sessions of these levels dated `today` or later, soonest first. */
export async function upcomingSessionsFrom(db: Database, levels: readonly ContentLevel[], today: string, limit: number): Promise<SessionRow[]> {
  if (levels.length === 0) return [];
  return db
    .select()
    .from(mastermindSessions)
    .where(and(eq(mastermindSessions.isPast, false), gte(mastermindSessions.date, today), inArray(mastermindSessions.tier, [...levels])))
    .orderBy(asc(mastermindSessions.date), asc(mastermindSessions.id))
    .limit(limit);
}

async function attendeesOf(db: Database, sessionIds: number[]): Promise<Map<number, Attendee[]>> {
  const bySession = new Map<number, Attendee[]>();
  if (sessionIds.length === 0) return bySession;
  const rows = await db
    .select({ sessionId: sessionRsvps.sessionId, id: users.id, name: users.name })
    .from(sessionRsvps)
    .innerJoin(users, eq(users.id, sessionRsvps.userId))
    .where(inArray(sessionRsvps.sessionId, sessionIds))
    .orderBy(asc(sessionRsvps.createdAt), asc(users.id));
  for (const { sessionId, id, name } of rows) {
    const list = bySession.get(sessionId) ?? [];
    list.push({ id, name });
    bySession.set(sessionId, list);
  }
  return bySession;
}

function toSession(row: SessionRow, attendees: Attendee[], viewerId: string): MastermindSession {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    time: row.time,
    location: row.location,
    description: row.description,
    facilitator: row.facilitator,
    participants: row.participants,
    tier: row.tier,
    isPast: row.isPast,
    recordingUrl: row.isPast ? row.recordingUrl : null,
    // Every caller has checked the viewer's tier admits the row (or that the viewer is an admin).
    joinUrl: row.isPast ? null : row.joinUrl,
    attendees,
    going: attendees.some((attendee) => attendee.id === viewerId),
  };
}

async function withAttendees(db: Database, rows: SessionRow[], viewerId: string): Promise<MastermindSession[]> {
  const attendees = await attendeesOf(db, rows.map((row) => row.id));
  return rows.map((row) => toSession(row, attendees.get(row.id) ?? [], viewerId));
}

async function listFor(db: Database, viewer: Viewer, levels: readonly ContentLevel[]): Promise<SessionsResponse> {
  const { upcoming, past } = await sessionsOfLevels(db, levels);
  const sessions = await withAttendees(db, [...upcoming, ...past], viewer.userId);
  return { upcoming: sessions.slice(0, upcoming.length), past: sessions.slice(upcoming.length) };
}

/** The member's sessions: only the levels their tier opens (none for free members). */
export const listMemberSessions = (db: Database, viewer: Viewer) => listFor(db, viewer, sessionLevelsFor(viewer));

/** Every session, for the admin screens. */
export const listAllSessions = (db: Database, viewer: Viewer) => listFor(db, viewer, CONTENT_LEVELS);

async function findSession(db: Database, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(mastermindSessions).where(eq(mastermindSessions.id, id));
  return row;
}

/** The session if the viewer's tier opens it: 404 unknown, 403 outside their levels. */
async function visibleSession(db: Database, viewer: Viewer, id: number): Promise<SessionRow> {
  const row = await findSession(db, id);
  if (!row) throw new AppError("NOT_FOUND", SESSION_MESSAGES.notFound);
  if (!sessionLevelsFor(viewer).includes(row.tier)) throw new AppError("FORBIDDEN", SESSION_MESSAGES.notInPlan);
  return row;
}

async function oneSession(db: Database, row: SessionRow, viewerId: string): Promise<MastermindSession> {
  const [session] = await withAttendees(db, [row], viewerId);
  return session!;
}

export async function readMemberSession(db: Database, viewer: Viewer, id: number): Promise<MastermindSession> {
  return oneSession(db, await visibleSession(db, viewer, id), viewer.userId);
}

/**
 * Says the viewer is (or is no longer) coming; repeating either is harmless. Past sessions take no
 * RSVPs (409). `joined` is the session when this call is the one that said yes (the mail goes once).
 */
export async function setRsvp(db: Database, viewer: Viewer, id: number, going: boolean): Promise<{ answer: RsvpResponse; joined: SessionRow | null }> {
  const row = await visibleSession(db, viewer, id);
  if (row.isPast) throw new AppError("CONFLICT", SESSION_MESSAGES.rsvpClosed);
  let joined: SessionRow | null = null;
  if (going) {
    const inserted = await db.insert(sessionRsvps).values({ sessionId: id, userId: viewer.userId }).onConflictDoNothing().returning({ userId: sessionRsvps.userId });
    if (inserted.length > 0) joined = row;
  } else {
    await db.delete(sessionRsvps).where(and(eq(sessionRsvps.sessionId, id), eq(sessionRsvps.userId, viewer.userId)));
  }
  const attendees = (await attendeesOf(db, [id])).get(id) ?? [];
  return { answer: { going: attendees.some((attendee) => attendee.id === viewer.userId), attendees }, joined };
}

/** The session as an .ics attachment, for viewers who may see it: only they get its join link. */
export async function memberSessionCalendar(db: Database, viewer: Viewer, id: number, now = new Date()): Promise<{ fileName: string; body: string }> {
  const row = await visibleSession(db, viewer, id);
  return { fileName: calendarFileName(row), body: sessionCalendar({ ...row, joinUrl: row.isPast ? null : row.joinUrl }, now) };
}

export async function createSession(db: Database, viewer: Viewer, values: SessionValues): Promise<{ session: MastermindSession; row: SessionRow }> {
  const [row] = await db.insert(mastermindSessions).values(values).returning();
  return { session: toSession(row!, [], viewer.userId), row: row! };
}

/** The edit, with the row as it was before (the notifications compare them). */
export async function updateSession(db: Database, viewer: Viewer, id: number, values: SessionValues): Promise<{ session: MastermindSession; before: SessionRow; row: SessionRow }> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [before] = await txDb.select().from(mastermindSessions).where(eq(mastermindSessions.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", SESSION_MESSAGES.notFound);
    const [row] = await txDb
      .update(mastermindSessions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mastermindSessions.id, id))
      .returning();
    return { session: await oneSession(txDb, row!, viewer.userId), before, row: row! };
  });
}

/** Deletes the session and, with it, its RSVPs. */
export async function deleteSession(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(mastermindSessions).where(eq(mastermindSessions.id, id)).returning({ id: mastermindSessions.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", SESSION_MESSAGES.notFound);
}
