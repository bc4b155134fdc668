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

/** A course's outline, or why it is locked (the server answers 403 with the plan it needs). */
export function useCourseOutline(courseId: string) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ["university", "outline", courseId, viewer.key],
    queryFn: () => getJsonAccepting<CourseOutlineResponse>(`/api/university/courses/${encodeURIComponent(courseId)}/outline`, [403]),
    enabled: viewer.isReady,
  });
}
