// Apart from api.ts so the entry script can seed a server-rendered page's answers without the hooks.

export const universityAccessQueryKey = (viewerKey: string) => ["university", "access", viewerKey] as const;

/** Holds the outline route's answer (CourseOutlineResponse): the outline, or why it is locked. */
export const courseOutlineQueryKey = (courseId: string, viewerKey: string) => ["university", "outline", courseId, viewerKey] as const;
