import type { QueryClient } from "@tanstack/react-query";
import type { CourseOutlineResponse, UniversityAccessResponse } from "../common/contracts/marketing";
import type { PageState } from "../common/contracts/page-state";
import { publicConfigQueryOptions } from "./features/config/api";
import { publicMastermindsQueryKey } from "./features/masterminds/query-keys";
import { viewerQueryKey } from "./features/session/api";
import { viewerKeyOf } from "./features/session/viewer-key";
import { courseOutlineQueryKey, universityAccessQueryKey } from "./features/university/query-keys";

/**
 * Puts the answers a server-rendered page was rendered from into the query cache, on the server
 * (entry-server.tsx) and in the browser before it hydrates (main.tsx), so both first renders are the same.
 */
export function seedPageState(queryClient: QueryClient, state: PageState): void {
  // Marked as read long ago, so the session is still checked (and refreshed if due) once the page runs.
  queryClient.setQueryData(viewerQueryKey, state.viewer, { updatedAt: 0 });
  queryClient.setQueryData(publicConfigQueryOptions.queryKey, state.config);
  const viewerKey = viewerKeyOf(state.viewer);
  if (state.masterminds) queryClient.setQueryData(publicMastermindsQueryKey(viewerKey), state.masterminds);
  if (!state.university) return;
  queryClient.setQueryData<UniversityAccessResponse>(universityAccessQueryKey(viewerKey), state.university.access);
  const { outline } = state.university;
  if (!outline) return;
  const answer: CourseOutlineResponse = { locked: false, outline };
  queryClient.setQueryData(courseOutlineQueryKey(outline.courseId, viewerKey), answer);
}
