import type { DashboardEvent } from "../../../common/contracts/members";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { dashboardLevelsFor } from "../content/access.policy";
import { formatSessionDate, programmeToday } from "../sessions/session-time";
import { upcomingSessionsFrom } from "../sessions/sessions.service";

const MAX_EVENTS = 3;

/** The dashboard's upcoming events: the next sessions, from today on, that the viewer's tier may see there. */
export async function listDashboardEvents(db: Database, viewer: Viewer, now = new Date()): Promise<DashboardEvent[]> {
  const sessions = await upcomingSessionsFrom(db, dashboardLevelsFor(viewer), programmeToday(now), MAX_EVENTS);
  return sessions.map((session) => ({
    id: String(session.id),
    title: session.title,
    dateLabel: `${formatSessionDate(session.date)} · ${session.time}`,
    description: session.description,
    tier: session.tier,
  }));
}
