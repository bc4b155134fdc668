import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MastermindSession, RsvpResponse, SessionsResponse } from "../../../common/contracts/sessions";
import { getJson, requestJson } from "../../lib/api-client";
import { useViewer } from "../session/api";

/** Per viewer: who is going and the viewer's own RSVPs must never show under another account. */
function useSessionsKey() {
  const viewerId = useViewer().data?.id ?? "anonymous";
  return ["members", "sessions", viewerId] as const;
}

/** The viewer's mastermind sessions (GET /api/members/sessions): the server filters them by tier. */
export function useMemberSessions(enabled: boolean) {
  return useQuery({ queryKey: useSessionsKey(), queryFn: () => getJson<SessionsResponse>("/api/members/sessions"), enabled });
}

/** The .ics file of a session the viewer may see. */
export const sessionCalendarUrl = (id: number) => `/api/members/sessions/${id}/calendar.ics`;

type RsvpRequest = { id: number; going: boolean };

/** Says the viewer is (or is no longer) coming; the server's attendee list replaces the cached one. */
export function useRsvp() {
  const queryClient = useQueryClient();
  const sessionsKey = useSessionsKey();
  return useMutation({
    mutationFn: ({ id, going }: RsvpRequest) => requestJson<RsvpResponse>(going ? "POST" : "DELETE", `/api/members/sessions/${id}/rsvp`),
    onSuccess: ({ going, attendees }, { id }) => {
      const update = (session: MastermindSession) => (session.id === id ? { ...session, going, attendees } : session);
      queryClient.setQueryData<SessionsResponse>(sessionsKey, (current) =>
        current ? { upcoming: current.upcoming.map(update), past: current.past.map(update) } : current,
      );
    },
    // A refusal usually means the session changed (now past, or outside the plan): show what is true now.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
