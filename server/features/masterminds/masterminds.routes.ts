import type { FastifyInstance } from "fastify";
import type { PublicMastermindSession, PublicMastermindsResponse } from "../../../common/contracts/marketing";
import { canAccessSession, canJoinMasterminds } from "./masterminds.policy";
import { PUBLIC_SESSIONS, type PublicSessionRecord } from "./public-sessions.data";

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The public Masterminds page: everyone sees the programme; recording links only reach those allowed. */
export async function mastermindsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/masterminds", async (request, reply): Promise<PublicMastermindsResponse> => {
    reply.header("cache-control", "private, no-store");
    const now = new Date();
    const viewer = request.viewer;
    const toDto = (session: PublicSessionRecord): PublicMastermindSession & { sortKey: number } => {
      const canAccess = canAccessSession(viewer, session);
      const date = session.date(now);
      return {
        id: session.id,
        title: session.title,
        date: DATE.format(date),
        time: session.time,
        location: session.location,
        description: session.description,
        facilitator: session.facilitator,
        participants: session.participants,
        tier: session.tier,
        isPast: session.isPast,
        hasRecording: session.recordingPath !== null,
        recordingUrl: canAccess ? session.recordingPath : null,
        canAccess,
        sortKey: date.getTime(),
      };
    };
    const sessions = PUBLIC_SESSIONS.map(toDto);
    const strip = ({ sortKey: _sortKey, ...session }: PublicMastermindSession & { sortKey: number }) => session;
    return {
      hasAccess: canJoinMasterminds(viewer),
      upcoming: sessions.filter((session) => !session.isPast).sort((a, b) => a.sortKey - b.sortKey).map(strip),
      past: sessions.filter((session) => session.isPast).sort((a, b) => b.sortKey - a.sortKey).map(strip),
    };
  });
}
