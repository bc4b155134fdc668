import { useQuery } from "@tanstack/react-query";
import type { CourseOutlineResponse, UniversityAccessResponse } from "../../../common/contracts/marketing";
import { getJson, getJsonAccepting } from "../../lib/api-client";
import { useViewer } from "../session/api";

/** The viewer's id for query keys: answers differ per viewer, and signing in or out must refetch. */
function useViewerKey(): { key: string; isReady: boolean } {
  const viewer = useViewer();
  return { key: viewer.data?.id ?? "anonymous", isReady: !viewer.isPending };
}

/** How much of the University the viewer's tier opens (GET /api/university/access). */
export function useUniversityAccess() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ["university", "access", viewer.key],
    queryFn: () => getJson<UniversityAccessResponse>("/api/university/access"),
    enabled: viewer.isReady,
  });
}

/**
 * A course's outline, asked for only once `isUnlocked` says the viewer's tier opens it: a locked page
 * already knows why (from useUniversityAccess) and must not trigger a 403 in the console. The server
 * still answers 403 with the plan it needs if the two ever disagree (say, a tier changed meanwhile).
 */
export function useCourseOutline(courseId: string, isUnlocked: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ["university", "outline", courseId, viewer.key],
    queryFn: () => getJsonAccepting<CourseOutlineResponse>(`/api/university/courses/${encodeURIComponent(courseId)}/outline`, [403]),
    enabled: viewer.isReady && isUnlocked,
  });
}
