import { asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { REQUIRED_PLAN, type ResourceCategory } from "../../../common/content";
import { RESOURCE_FILE_REQUIRED, type AdminResource, type AdminResourcesResponse, type Resource, type ResourceInputSchema, type ResourcesResponse } from "../../../common/contracts/resources";
import { AppError } from "../../errors";
import type { Viewer } from "../../auth/viewer";
import { resourceTiersFor, type ContentViewer } from "../content/access.policy";
import type { ContentDeps } from "../content/content-deps";
import { findLinkedFileFor, isLibraryFileKey, libraryFileMissing } from "../media/media-link";
import { mediaItems } from "../media/media.table";
import { resources } from "./resources.table";

type ResourceRow = typeof resources.$inferSelect;
type ResourceInput = z.output<typeof ResourceInputSchema>;

const NOT_FOUND = "Resource not found";
const LOCKED = "Upgrade your membership to access this resource";

function toResource(deps: ContentDeps, row: ResourceRow, locked: boolean, viewerId: string | null): Resource {
  const hasFile = row.fileKey !== null || row.fileUrl !== null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    category: row.category,
    tier: row.tier,
    featured: row.featured,
    locked,
    requiredPlan: locked && row.tier !== "free" ? REQUIRED_PLAN[row.tier] : null,
    downloadUrl: !locked && hasFile ? `/api/resources/${row.id}/file?${deps.fileLinks.sign("resource", row.id, viewerId)}` : null,
  };
}

function toAdminResource(deps: ContentDeps, row: ResourceRow, viewerId: string, fileMissing: boolean): AdminResource {
  return { ...toResource(deps, row, false, viewerId), fileUrl: row.fileUrl, fileName: row.fileKey ? row.fileName : null, fileMissing, createdAt: row.createdAt.toISOString() };
}

/** A library file the resource linked to was deleted from the library. */
const fileMissingColumn = libraryFileMissing(resources, resources.fileKey);

async function isFileMissing(deps: ContentDeps, row: ResourceRow): Promise<boolean> {
  if (!isLibraryFileKey(row.fileKey)) return false;
  const [found] = await deps.db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.fileKey, row.fileKey ?? ""));
  return !found;
}

export interface ResourcePage {
  category: ResourceCategory | "all";
  page: number;
  pageSize: number;
}

/**
 * One page in the library's order: featured first, then free, then title (spec 000 §5); the id keeps
 * equal titles in a stable order. The index on that order serves it; one extra row tells whether more follow.
 */
async function selectResources(deps: ContentDeps, viewer: ContentViewer, { category, page, pageSize }: ResourcePage) {
  const rows = await deps.db
    .select({ ...getTableColumns(resources), locked: sql<boolean>`not (${inArray(resources.tier, resourceTiersFor(viewer))})`, fileMissing: fileMissingColumn })
    .from(resources)
    .where(category === "all" ? undefined : eq(resources.category, category))
    .orderBy(desc(resources.featured), sql`(${resources.tier} = 'free') desc`, asc(resources.title), asc(resources.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** A page of the category; the resources outside the viewer's tiers come locked, without a link. */
export async function listResources(deps: ContentDeps, viewer: Viewer | null, query: ResourcePage): Promise<ResourcesResponse> {
  const { rows, hasMore } = await selectResources(deps, viewer, query);
  return { resources: rows.map(({ locked, fileMissing: _fileMissing, ...row }) => toResource(deps, row, locked, viewer?.userId ?? null)), hasMore, page: query.page, pageSize: query.pageSize };
}

export async function findResource(deps: ContentDeps, id: number): Promise<ResourceRow | null> {
  const [row] = await deps.db.select().from(resources).where(eq(resources.id, id));
  return row ?? null;
}

export const opensResource = (viewer: ContentViewer, row: ResourceRow): boolean => resourceTiersFor(viewer).includes(row.tier);

/** A single resource: 404 unknown, 403 locked (a locked resource's link must not leak). */
export async function readResource(deps: ContentDeps, viewer: Viewer | null, id: number): Promise<Resource> {
  const row = await findResource(deps, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (!opensResource(viewer, row)) throw new AppError("FORBIDDEN", LOCKED);
  return toResource(deps, row, false, viewer?.userId ?? null);
}

/** A page of everything, for the admin's content screen (the route is admin-only). */
export async function listAdminResources(deps: ContentDeps, admin: Viewer, query: ResourcePage): Promise<AdminResourcesResponse> {
  const { rows, hasMore } = await selectResources(deps, admin, query);
  return { resources: rows.map(({ locked: _locked, fileMissing, ...row }) => toAdminResource(deps, row, admin.userId, fileMissing)), hasMore, page: query.page, pageSize: query.pageSize };
}

const editableFields = (input: ResourceInput) => ({
  title: input.title,
  description: input.description,
  type: input.type,
  category: input.category,
  tier: input.tier,
  featured: input.featured,
});

/** The file columns an address sets: a library item's stored file when it names one, else the address itself. */
async function fileColumns(deps: ContentDeps, fileUrl: string) {
  const linked = await findLinkedFileFor(deps.db, fileUrl, "resource", "fileUrl");
  return linked ? { fileKey: linked.fileKey, fileName: linked.fileName, fileType: linked.fileType, fileUrl: null } : { fileKey: null, fileName: null, fileType: null, fileUrl };
}

const fileRequired = () => new AppError("VALIDATION_FAILED", RESOURCE_FILE_REQUIRED, { fileUrl: RESOURCE_FILE_REQUIRED });

/** Members see a resource once it is saved, so it needs a file (a library file or a link). */
export async function createResource(deps: ContentDeps, adminId: string, input: ResourceInput): Promise<AdminResource> {
  if (!input.fileUrl) throw fileRequired();
  const file = await fileColumns(deps, input.fileUrl);
  const [row] = await deps.db
    .insert(resources)
    .values({ ...editableFields(input), ...file })
    .returning();
  if (!row) throw new Error("resource insert returned no row");
  return toAdminResource(deps, row, adminId, false);
}

/**
 * Updates a resource. `fileUrl` left out keeps the file; null clears the address but keeps a stored
 * file (the form shows no address for one); a new address replaces the stored file, which is removed.
 * An edit that would leave the resource without any file is refused.
 */
export async function updateResource(deps: ContentDeps, adminId: string, id: number, input: ResourceInput): Promise<AdminResource> {
  const replacesStoredFile = typeof input.fileUrl === "string";
  const file = typeof input.fileUrl === "string" ? await fileColumns(deps, input.fileUrl) : null;
  const { row, orphanKey } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ fileKey: resources.fileKey, fileUrl: resources.fileUrl }).from(resources).where(eq(resources.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", NOT_FOUND);
    const keepsFile = before.fileKey !== null || (input.fileUrl === undefined && before.fileUrl !== null);
    if (!file && !keepsFile) throw fileRequired();
    const [after] = await tx
      .update(resources)
      .set({
        ...editableFields(input),
        ...(input.fileUrl === undefined ? {} : { fileUrl: input.fileUrl }),
        ...(file ?? {}),
        updatedAt: new Date(),
      })
      .where(eq(resources.id, id))
      .returning();
    const replaced = replacesStoredFile && before.fileKey !== after?.fileKey;
    return { row: after, orphanKey: replaced && !isLibraryFileKey(before.fileKey) ? before.fileKey : null };
  });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (orphanKey) await deps.files.remove(orphanKey);
  return toAdminResource(deps, row, adminId, await isFileMissing(deps, row));
}

/**
 * Deletes the row, then its own stored file (a library file stays in the library): a failed removal
 * leaves an unreachable file, never a row without its file.
 */
export async function deleteResource(deps: ContentDeps, id: number): Promise<void> {
  const [row] = await deps.db.delete(resources).where(eq(resources.id, id)).returning({ fileKey: resources.fileKey });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (row.fileKey && !isLibraryFileKey(row.fileKey)) await deps.files.remove(row.fileKey);
}
