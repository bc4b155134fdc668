import { CONTENT_LEVELS } from "../../../common/content";
import type { PublicMastermindSession, PublicMastermindsResponse } from "../../../common/contracts/marketing";
import type { PageState } from "../../../common/contracts/page-state";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { publicMastermindLevelsFor } from "../content/access.policy";
import { formatSessionDate } from "../sessions/session-time";
import { sessionsOfLevels, type SessionRow } from "../sessions/sessions.service";

/** The public Masterminds page: everyone sees the whole programme; recording links and access only for entrepreneur and brand-ceo (spec 000 §6). */
export async function readPublicMasterminds(db: Database, viewer: Viewer | null): Promise<PublicMastermindsResponse> {
  const levels = publicMastermindLevelsFor(viewer);
  const toPublic = (session: SessionRow): PublicMastermindSession => {
    const canAccess = levels.includes(session.tier);
    const recordingUrl = session.isPast ? session.recordingUrl : null;
    return {
      id: String(session.id),
      title: session.title,
      date: formatSessionDate(session.date),
      time: session.time,
      location: session.location,
      description: session.description,
      facilitator: session.facilitator,
      participants: session.participants,
      tier: session.tier,
      isPast: session.isPast,
      hasRecording: recordingUrl !== null,
      recordingUrl: canAccess ? recordingUrl : null,
      canAccess,
      hasJoinLink: !session.isPast && session.joinUrl !== null,
    };
  };
  const { upcoming, past } = await sessionsOfLevels(db, CONTENT_LEVELS);
  return { hasAccess: levels.length > 0, upcoming: upcoming.map(toPublic), past: past.map(toPublic) };
}

/**
 * What /mastermind shows this visitor in its first render, as GET /api/masterminds answers it, so the
 * server renders the sessions rather than a loading state the list later replaces. Other pages: nothing.
 */
export async function mastermindsPageState(db: Database, viewer: Viewer | null, pagePath: string): Promise<Pick<PageState, "masterminds">> {
  if (pagePath !== "/mastermind") return {};
  return { masterminds: await readPublicMasterminds(db, viewer) };
}
