import { z } from "zod";
import { CONTENT_LEVELS, CONTENT_MESSAGES, extractYoutubeId, INVALID_URL_MESSAGE, requiredMessage, VIDEO_CATEGORIES } from "../content";
import { fieldError } from "../validation-messages";

const required = (field: string, max = 200) => z.string({ error: requiredMessage(field) }).trim().min(1, requiredMessage(field)).max(max, `${field} is too long`);

/** A training video (spec 001 §3, table media_videos plus category, featured and release date). */
export const TrainingVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Null shows as Unknown; YouTube videos show YouTube Video. */
  duration: z.string().nullable(),
  /** YYYY-MM-DD; the day a YouTube video was added unless given. */
  releaseDate: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
  accessLevel: z.enum(CONTENT_LEVELS),
  featured: z.boolean(),
  isYoutube: z.boolean(),
  youtubeId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** YouTube: the embed URL. File: a signed, expiring stream link through the server. */
  playbackUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TrainingVideo = z.infer<typeof TrainingVideoSchema>;

/** GET /api/videos: only the levels the viewer may see, featured first then newest; `visibleLevels` drives the filter chips. */
export const VideosResponseSchema = z.object({ videos: z.array(TrainingVideoSchema), visibleLevels: z.array(z.enum(CONTENT_LEVELS)) });
export type VideosResponse = z.infer<typeof VideosResponseSchema>;

export const AdminVideoSchema = TrainingVideoSchema.extend({
  fileUrl: z.string().nullable(),
  /** The media library item the video played was deleted: the admin sees 'file missing'. */
  fileMissing: z.boolean(),
});
export type AdminVideo = z.infer<typeof AdminVideoSchema>;
export const AdminVideosResponseSchema = z.object({ videos: z.array(AdminVideoSchema) });
export type AdminVideosResponse = z.infer<typeof AdminVideosResponseSchema>;

const common = {
  title: required("Title"),
  description: required("Description", 5000),
  category: z.enum(VIDEO_CATEGORIES, { error: fieldError("Category") }),
  accessLevel: z.enum(CONTENT_LEVELS, { error: fieldError("Access level") }).default("all"),
  featured: z.boolean().default(false),
};

/** POST /api/admin/videos and PUT /api/admin/videos/:id (spec 001 §5): a YouTube URL, or a file with duration and release date. */
export const VideoInputSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("youtube"),
    ...common,
    youtubeUrl: z
      .string({ error: CONTENT_MESSAGES.invalidYoutubeUrl })
      .max(500)
      .refine((value) => extractYoutubeId(value) !== null, CONTENT_MESSAGES.invalidYoutubeUrl),
    /** The day it is added unless given. */
    releaseDate: z.iso.date({ error: "Please enter a valid release date" }).optional(),
  }),
  z.object({
    source: z.literal("file"),
    ...common,
    /**
     * Where the video is played from. Required unless the video already holds a stored file, which an
     * edit without a URL keeps; a URL replaces the stored file.
     */
    fileUrl: z
      .string({ error: requiredMessage("Video URL") })
      .trim()
      .max(2000)
      .refine((value) => value === "" || /^https?:\/\//i.test(value), INVALID_URL_MESSAGE)
      .transform((value) => (value === "" ? null : value))
      .nullish(),
    duration: required("Duration", 20),
    releaseDate: z.iso.date({ error: fieldError("Release date") }),
    thumbnailUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === "" || /^https?:\/\//i.test(value), INVALID_URL_MESSAGE)
      .nullish(),
  }),
]);
export type VideoInput = z.input<typeof VideoInputSchema>;
