import { z } from "zod";

/** What a media item is (spec 001 §3 "Media item as shown"). */
export const MEDIA_KINDS = ["image", "video", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * The upload allow-list (spec 001 §5): extension, the type a browser declares for it, and the kind.
 * An upload must agree on all three and with its magic bytes.
 */
export const ALLOWED_UPLOADS = {
  jpg: { type: "image/jpeg", kind: "image" },
  jpeg: { type: "image/jpeg", kind: "image" },
  png: { type: "image/png", kind: "image" },
  gif: { type: "image/gif", kind: "image" },
  webp: { type: "image/webp", kind: "image" },
  mp4: { type: "video/mp4", kind: "video" },
  webm: { type: "video/webm", kind: "video" },
  ogg: { type: "video/ogg", kind: "video" },
  ogv: { type: "video/ogg", kind: "video" },
  pdf: { type: "application/pdf", kind: "document" },
  doc: { type: "application/msword", kind: "document" },
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", kind: "document" },
  xls: { type: "application/vnd.ms-excel", kind: "document" },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", kind: "document" },
  ppt: { type: "application/vnd.ms-powerpoint", kind: "document" },
  pptx: { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", kind: "document" },
} as const satisfies Record<string, { type: string; kind: MediaKind }>;
export type AllowedExtension = keyof typeof ALLOWED_UPLOADS;

/** What the file picker offers: `accept` of the upload input. */
export const UPLOAD_ACCEPT = Object.keys(ALLOWED_UPLOADS)
  .map((extension) => `.${extension}`)
  .join(",");

/**
 * What each file field of the content forms takes, by the library item's kind (which the upload
 * detected from the file's bytes): the picker lists only these, Upload New accepts only these, and
 * the server refuses any other on save.
 */
export const FILE_FIELD_KINDS = {
  video: ["video"],
  resource: ["document", "image"],
  thumbnail: ["image"],
} as const satisfies Record<string, readonly MediaKind[]>;
export type FileField = keyof typeof FILE_FIELD_KINDS;

/** The allowed extensions of these kinds, in the allow-list's order. */
export const extensionsOf = (kinds: readonly MediaKind[]): string[] =>
  Object.entries(ALLOWED_UPLOADS)
    .filter(([, allowed]) => kinds.includes(allowed.kind))
    .map(([extension]) => extension);

/** `accept` of an upload input that takes only these kinds. */
export const acceptFor = (kinds: readonly MediaKind[]): string =>
  extensionsOf(kinds)
    .map((extension) => `.${extension}`)
    .join(",");

const KIND_WORDS: Record<MediaKind, string> = { image: "an image", video: "a video", document: "a document" };

/** Said when a field gets a file of another kind, e.g. 'Please choose a video (mp4, webm, ogg, ogv)'. */
export const wrongKindMessage = (kinds: readonly MediaKind[]): string => `Please choose ${kinds.map((kind) => KIND_WORDS[kind]).join(" or ")} (${extensionsOf(kinds).join(", ")})`;

/** Spec 001 §9: 50 MB for images and videos, 10 MB for documents (applied to documents, as the README explains). */
export const MAX_UPLOAD_BYTES: Record<MediaKind, number> = { image: 50 * 1024 * 1024, video: 50 * 1024 * 1024, document: 10 * 1024 * 1024 };

export const MEDIA_MESSAGES = {
  viewSignIn: "You must be logged in to view media",
  uploadSignIn: "You must be logged in to upload files",
  saveVideoSignIn: "You must be logged in to save videos",
  updateSignIn: "You must be logged in to update files",
  filesSignIn: "You must be logged in to view files",
  notAdmin: "You must be an admin to upload files",
  invalidType: `Invalid file type. Allowed types: ${Object.keys(ALLOWED_UPLOADS).join(", ")}`,
  tooLarge: (kind: MediaKind) => `File size exceeds the maximum allowed size of ${MAX_UPLOAD_BYTES[kind] / (1024 * 1024)}MB`,
  invalidYoutube: "Invalid YouTube URL. Please enter a valid YouTube video URL.",
  uploadFailed: "An error occurred during upload. Please try again.",
  uploadSuccess: "Upload successful!",
  urlCopied: "URL Copied!",
  empty: "No media found",
  loadFailed: "Failed to load media items. Please try again.",
  bulkDeleteFailed: "Failed to delete some items. Please try again.",
  deleteFailed: "Failed to delete file. Please try again.",
  updateFailed: "Failed to update item. Please try again.",
  notFound: "Media item not found",
  folderExists: "A folder with this name already exists",
  folderRequired: "Folder name is required",
  youtubeTitleRequired: "Title is required",
  unknownFolder: (name: string) => `The folder “${name}” does not exist. Create it with New Folder first.`,
} as const;

export const DEFAULT_MEDIA_FOLDERS = ["general", "products", "team", "marketing"] as const;

/** Folder names: trimmed, not empty (spec 001 §5), short, and safe to show anywhere. */
export const FolderNameSchema = z
  .string({ error: MEDIA_MESSAGES.folderRequired })
  .trim()
  .min(1, MEDIA_MESSAGES.folderRequired)
  .max(60, "Folder name is too long");

export const MediaItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  name: z.string(),
  /** Where an admin opens the file: the public address for public images, the admin-only one otherwise. */
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  fileType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  folder: z.string(),
  isYoutube: z.boolean(),
  youtubeId: z.string().nullable(),
  isPublic: z.boolean(),
  uploadedAt: z.string(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MEDIA_PAGE_SIZE = 48;
/** GET /api/admin/media: newest first, filtered by kind, folder and a name search. */
const KindListSchema = z
  .string()
  .max(40)
  .default("all")
  .transform((value) => (value === "all" ? [] : value.split(",")))
  .pipe(z.array(z.enum(MEDIA_KINDS)));
/** `kind` is "all" or one or more kinds, comma-separated; `stored=true` leaves out YouTube videos (they have no file to link). */
export const MediaQuerySchema = z.object({
  kind: KindListSchema,
  stored: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  folder: z.string().trim().max(60).default("all"),
  search: z.string().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MEDIA_PAGE_SIZE),
});
export type MediaQuery = z.input<typeof MediaQuerySchema>;
export const MediaPageSchema = z.object({ items: z.array(MediaItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type MediaPage = z.infer<typeof MediaPageSchema>;

/** POST /api/admin/media?folder=&public= (multipart, one file). */
export const UploadQuerySchema = z.object({
  folder: FolderNameSchema.default("general"),
  /** Upload New of a file field: only these kinds are taken (415 with the field's message otherwise). */
  kind: KindListSchema,
  public: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
});

/** PATCH /api/admin/media/:id: rename, move, or flip the public flag. */
export const MediaUpdateSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(200, "Name is too long").optional(),
    folder: FolderNameSchema.optional(),
    isPublic: z.boolean().optional(),
  })
  .strict();
export type MediaUpdate = z.infer<typeof MediaUpdateSchema>;

/** POST /api/admin/media/youtube (spec 001 §5: URL and title both required). */
export const YoutubeInputSchema = z.object({
  url: z.string({ error: MEDIA_MESSAGES.invalidYoutube }).trim().min(1, MEDIA_MESSAGES.invalidYoutube).max(2000),
  title: z.string({ error: MEDIA_MESSAGES.youtubeTitleRequired }).trim().min(1, MEDIA_MESSAGES.youtubeTitleRequired).max(200),
  folder: FolderNameSchema.default("general"),
});
export type YoutubeInput = z.input<typeof YoutubeInputSchema>;

export const FoldersResponseSchema = z.object({ folders: z.array(z.string()) });
export type FoldersResponse = z.infer<typeof FoldersResponseSchema>;
export const FolderInputSchema = z.object({ name: FolderNameSchema });

/** GET /api/admin/media/:id/usage: the content that links to the item, asked before a delete; a course lesson names its course. */
export const MediaUsageSchema = z.object({
  usages: z.array(z.object({ kind: z.enum(["resource", "video", "lesson"]), id: z.number().int(), title: z.string(), course: z.string().optional() })),
});
export type MediaUsage = z.infer<typeof MediaUsageSchema>;

/** GET /api/admin/media/usage?ids=1,2: the same for several items at once, asked before a bulk delete. */
export const MediaUsagesQuerySchema = z.object({
  ids: z
    .string()
    .max(1100)
    .transform((value) => value.split(","))
    .pipe(z.array(z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(2_147_483_647))).min(1).max(100)),
});
export const MediaUsagesSchema = z.object({ items: z.array(MediaUsageSchema.extend({ id: z.number().int() })) });
export type MediaUsages = z.infer<typeof MediaUsagesSchema>;

/** The 11-character id from watch, youtu.be, embed, shorts, live and v/ addresses (extra parameters allowed); null otherwise. */
export function youtubeIdFrom(input: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  const isId = (value: string | null | undefined): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{11}$/.test(value);
  if (host === "youtu.be") {
    const id = url.pathname.split("/")[1];
    return isId(id) ? id : null;
  }
  if (host !== "youtube.com" && host !== "youtube-nocookie.com") return null;
  const fromQuery = url.searchParams.get("v");
  if (url.pathname === "/watch") return isId(fromQuery) ? fromQuery : null;
  const match = /^\/(?:embed|shorts|live|v|e)\/([^/?#]+)/.exec(url.pathname);
  return isId(match?.[1]) ? match[1] : null;
}

/** Spec 001 §9: Bytes, KB, MB, GB with two decimals; 'N/A' when absent. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "N/A";
  if (bytes === 0) return "0 Bytes";
  const units = ["Bytes", "KB", "MB", "GB"];
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${(bytes / 1024 ** power).toFixed(2)} ${units[power]}`;
}
