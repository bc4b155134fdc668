import { z } from "zod";
import { INVALID_URL_MESSAGE, requiredMessage, RESOURCE_CATEGORIES, RESOURCE_TIERS } from "../content";
import { fieldError } from "../validation-messages";
import { PAID_TIERS } from "../tiers";

const required = (field: string, max = 200) => z.string({ error: requiredMessage(field) }).trim().min(1, requiredMessage(field)).max(max, `${field} is too long`);

/** A resource as a member sees it; a locked one carries no file link. */
export const ResourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Free text such as PDF. */
  type: z.string(),
  category: z.enum(RESOURCE_CATEGORIES),
  tier: z.enum(RESOURCE_TIERS),
  featured: z.boolean(),
  locked: z.boolean(),
  /** The plan that opens a locked resource. */
  requiredPlan: z.enum(PAID_TIERS).nullable(),
  /** A signed, expiring link through the server; null when locked or without a file. */
  downloadUrl: z.string().nullable(),
});
export type Resource = z.infer<typeof ResourceSchema>;

/** GET /api/resources?category=: featured first, then free, then title. */
export const RESOURCES_PAGE_SIZE = 24;
export const ResourcesQuerySchema = z.object({
  category: z.enum(["all", ...RESOURCE_CATEGORIES]).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(RESOURCES_PAGE_SIZE),
});
/** One page of the library; `hasMore` offers "Load more" (no count: counting a large library costs more than the page). */
export const ResourcesResponseSchema = z.object({ resources: z.array(ResourceSchema), hasMore: z.boolean(), page: z.number().int(), pageSize: z.number().int() });
export type ResourcesResponse = z.infer<typeof ResourcesResponseSchema>;

/** The admin's view adds where the file lives. */
export const AdminResourceSchema = ResourceSchema.extend({
  fileUrl: z.string().nullable(),
  /** The stored file's name (a library item's name when picked from the media library). */
  fileName: z.string().nullable(),
  /** The library item it linked to was deleted: the admin sees 'file missing' instead of a broken link. */
  fileMissing: z.boolean(),
  createdAt: z.string(),
});
export type AdminResource = z.infer<typeof AdminResourceSchema>;
export const AdminResourcesResponseSchema = z.object({ resources: z.array(AdminResourceSchema), hasMore: z.boolean(), page: z.number().int(), pageSize: z.number().int() });
export type AdminResourcesResponse = z.infer<typeof AdminResourcesResponseSchema>;

/** A resource is published to members as soon as it is saved, so it is never saved without a file. */
export const RESOURCE_FILE_REQUIRED = "File is required: select one from the media library, upload one, or enter a link";

/** POST /api/admin/resources and PUT /api/admin/resources/:id (spec 001 §5). The file is a URL until the media library lands. */
export const ResourceInputSchema = z.object({
  title: required("Title"),
  description: required("Description", 5000),
  type: required("Type", 40),
  category: z.enum(RESOURCE_CATEGORIES, { error: fieldError("Category") }),
  tier: z.enum(RESOURCE_TIERS, { error: fieldError("Access level") }),
  featured: z.boolean().default(false),
  fileUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === "" || /^https?:\/\//i.test(value), INVALID_URL_MESSAGE)
    .transform((value) => (value === "" ? null : value))
    .nullish(),
});
export type ResourceInput = z.input<typeof ResourceInputSchema>;
