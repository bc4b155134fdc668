import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Lesson, LessonProgressResponse, ProgressList } from "../../../common/contracts/courses";
import type { CourseOutlineResponse, UniversityAccessResponse } from "../../../common/contracts/marketing";
import { getJson, getJsonAccepting, requestJson } from "../../lib/api-client";
import { useViewer } from "../session/api";
import { viewerKeyOf } from "../session/viewer-key";
import { courseOutlineQueryKey, universityAccessQueryKey } from "./query-keys";

function useViewerKey(): { key: string; isReady: boolean } {
  const viewer = useViewer();
  return { key: viewerKeyOf(viewer.data), isReady: !viewer.isPending };
}

/** How much of the University the viewer's tier opens (GET /api/university/access). */
export function useUniversityAccess() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: universityAccessQueryKey(viewer.key),
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
    queryKey: courseOutlineQueryKey(courseId, viewer.key),
    queryFn: () => getJsonAccepting<CourseOutlineResponse>(`/api/university/courses/${encodeURIComponent(courseId)}/outline`, [403]),
    enabled: viewer.isReady && isUnlocked,
  });
}

/**
 * One lesson of the course its address names (GET /api/university/lessons/:id?course=), asked for
 * only once `isUnlocked` says the viewer's plan opens that course: a lesson of another course is not
 * found there, and a locked page already knows why, so neither shows a refused request.
 */
export function useLesson(courseId: string, lessonId: number, isUnlocked: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ["university", "lesson", courseId, lessonId, viewer.key],
    queryFn: () => getJson<Lesson>(`/api/university/lessons/${lessonId}?course=${encodeURIComponent(courseId)}`),
    enabled: viewer.isReady && isUnlocked && Number.isInteger(lessonId),
  });
}

/** The courses the member has started, with their progress (dashboard). */
export function useCourseProgress() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ["university", "progress", viewer.key],
    queryFn: () => getJson<ProgressList>("/api/university/progress"),
    enabled: viewer.isReady,
  });
}

/** Marks a lesson done or not done; the lesson, its course page and the dashboard then show the new progress. */
export function useMarkLesson(lessonId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (completed: boolean) => requestJson<LessonProgressResponse>("PUT", `/api/university/lessons/${lessonId}/progress`, { completed }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["university"] }),
  });
}
