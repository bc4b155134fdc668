import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCourse, LessonInput, ModuleInput, MoveInput } from "../../../../common/contracts/courses";
import { getJson, requestJson } from "../../../lib/api-client";

const courseKey = (courseId: string) => ["admin", "course", courseId] as const;

/** A course's modules and lessons as the builder edits them (GET /api/admin/courses/:courseId). */
export function useAdminCourse(courseId: string) {
  return useQuery({ queryKey: courseKey(courseId), queryFn: () => getJson<AdminCourse>(`/api/admin/courses/${encodeURIComponent(courseId)}`) });
}

type Change =
  | { type: "addModule"; input: ModuleInput }
  | { type: "renameModule"; id: number; input: ModuleInput }
  | { type: "deleteModule"; id: number }
  | { type: "moveModule"; id: number; input: MoveInput }
  | { type: "addLesson"; moduleId: number; input: LessonInput }
  | { type: "updateLesson"; id: number; input: LessonInput }
  | { type: "deleteLesson"; id: number }
  | { type: "moveLesson"; id: number; input: MoveInput };

function send(courseId: string, change: Change): Promise<AdminCourse> {
  switch (change.type) {
    case "addModule":
      return requestJson("POST", `/api/admin/courses/${encodeURIComponent(courseId)}/modules`, change.input);
    case "renameModule":
      return requestJson("PUT", `/api/admin/course-modules/${change.id}`, change.input);
    case "deleteModule":
      return requestJson("DELETE", `/api/admin/course-modules/${change.id}`);
    case "moveModule":
      return requestJson("POST", `/api/admin/course-modules/${change.id}/move`, change.input);
    case "addLesson":
      return requestJson("POST", `/api/admin/course-modules/${change.moduleId}/lessons`, change.input);
    case "updateLesson":
      return requestJson("PUT", `/api/admin/course-lessons/${change.id}`, change.input);
    case "deleteLesson":
      return requestJson("DELETE", `/api/admin/course-lessons/${change.id}`);
    case "moveLesson":
      return requestJson("POST", `/api/admin/course-lessons/${change.id}/move`, change.input);
  }
}

/** Every builder change answers the whole course, which replaces the cached one; members' course pages refetch. */
export function useCourseChange(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(courseId, change),
    onSuccess: (course) => {
      client.setQueryData(courseKey(courseId), course);
      void client.invalidateQueries({ queryKey: ["university"] });
    },
  });
}
