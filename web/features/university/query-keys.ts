import type { Profile } from "../../../common/contracts/auth";

// Apart from api.ts so the entry script can seed a server-rendered page's answers without the hooks.

/** The viewer's part of the keys: answers differ per viewer, and signing in or out must refetch. */
export function viewerKeyOf(viewer: Profile | null | undefined): string {
  return viewer?.id ?? "anonymous";
}

export const universityAccessQueryKey = (viewerKey: string) => ["university", "access", viewerKey] as const;

/** Holds the outline route's answer (CourseOutlineResponse): the outline, or why it is locked. */
export const courseOutlineQueryKey = (courseId: string, viewerKey: string) => ["university", "outline", courseId, viewerKey] as const;
