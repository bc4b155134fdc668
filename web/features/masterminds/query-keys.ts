// Apart from api.ts so the entry script can seed a server-rendered page's answers without the hooks.

/** Per viewer: recording links and access differ, and signing in or out must refetch. */
export const publicMastermindsQueryKey = (viewerKey: string) => ["masterminds", "public", viewerKey] as const;
