import { CONTENT_MESSAGES, extractYoutubeId, INVALID_URL_MESSAGE, MAX_SESSION_PARTICIPANTS, PARTICIPANTS_MESSAGE, requiredMessage, type ContentLevel, type ResourceCategory, type ResourceTier, type VideoCategory } from "../../../common/content";
import { RESOURCE_FILE_REQUIRED, type ResourceInput } from "../../../common/contracts/resources";
import { holdsLink, isHttpsUrl, SESSION_MESSAGES, type SessionInput } from "../../../common/contracts/sessions";
import type { VideoInput } from "../../../common/contracts/videos";
import type { FieldErrors } from "./use-submit-state";

/*
 * The content forms' client-side checks: the same rules and messages as the contracts' schemas
 * (common/contracts/{sessions,resources,videos}.ts), which the server applies again to every save.
 */


const isHttpUrl = (value: string) => /^https?:\/\//i.test(value.trim());
const isCalendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function requireAll<Values>(values: Values, labels: Partial<Record<keyof Values & string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, label] of Object.entries(labels) as [keyof Values & string, string][]) {
    const value = values[field];
    if (typeof value === "string" && value.trim() === "") errors[field] = requiredMessage(label);
  }
  return errors;
}


export type SessionFormValues = {
  title: string;
  date: string;
  time: string;
  location: string;
  description: string;
  tier: ContentLevel;
  facilitator: string;
  participants: string;
  isPast: boolean;
  recordingUrl: string;
  joinUrl: string;
};

export function validateSession(values: SessionFormValues): FieldErrors {
  const errors = requireAll(values, { title: "Title", date: "Date", time: "Time", location: "Location", description: "Description" });
  if (!errors.date && !isCalendarDay(values.date)) errors.date = requiredMessage("Date");
  if (!errors.location && holdsLink(values.location)) errors.location = SESSION_MESSAGES.locationHasLink;
  if (!values.isPast && values.joinUrl.trim() !== "" && !isHttpsUrl(values.joinUrl.trim())) errors.joinUrl = SESSION_MESSAGES.joinUrlInvalid;
  const participants = Number(values.participants || "0");
  if (!Number.isInteger(participants) || participants < 0 || participants > MAX_SESSION_PARTICIPANTS) errors.participants = PARTICIPANTS_MESSAGE;
  if (values.isPast && values.recordingUrl.trim() !== "" && !isHttpUrl(values.recordingUrl)) errors.recordingUrl = INVALID_URL_MESSAGE;
  return errors;
}

export function toSessionInput(values: SessionFormValues): SessionInput {
  return {
    title: values.title.trim(),
    date: values.date,
    time: values.time.trim(),
    location: values.location.trim(),
    description: values.description.trim(),
    tier: values.tier,
    facilitator: values.facilitator.trim(),
    participants: Number(values.participants || "0"),
    isPast: values.isPast,
    // The recording belongs to past sessions only; unticking Past drops it.
    recordingUrl: values.isPast && values.recordingUrl.trim() ? values.recordingUrl.trim() : null,
    // The join link belongs to upcoming sessions only; ticking Past drops it.
    joinUrl: !values.isPast && values.joinUrl.trim() ? values.joinUrl.trim() : null,
  };
}

export type ResourceFormValues = {
  title: string;
  description: string;
  type: string;
  category: ResourceCategory;
  tier: ResourceTier;
  featured: boolean;
  fileUrl: string;
};

/** `hasStoredFile`: the resource being edited already holds a file, which an empty address keeps. */
export function validateResource(values: ResourceFormValues, hasStoredFile = false): FieldErrors {
  const errors = requireAll(values, { title: "Title", description: "Description", type: "Type" });
  if (values.fileUrl.trim() !== "" && !isHttpUrl(values.fileUrl)) errors.fileUrl = INVALID_URL_MESSAGE;
  else if (values.fileUrl.trim() === "" && !hasStoredFile) errors.fileUrl = RESOURCE_FILE_REQUIRED;
  return errors;
}

/** An empty link sends null: the resource then has no address, while a file the server holds stays. */
export function toResourceInput(values: ResourceFormValues): ResourceInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type.trim(),
    category: values.category,
    tier: values.tier,
    featured: values.featured,
    fileUrl: values.fileUrl.trim() || null,
  };
}

export type VideoSource = "youtube" | "file";

export type VideoFormValues = {
  source: VideoSource;
  title: string;
  description: string;
  category: VideoCategory;
  accessLevel: ContentLevel;
  featured: boolean;
  youtubeUrl: string;
  fileUrl: string;
  duration: string;
  releaseDate: string;
  thumbnailUrl: string;
};

/** `keepsStoredFile`: an edited file video whose file the server holds may leave its URL empty. */
export function validateVideo(values: VideoFormValues, keepsStoredFile: boolean): FieldErrors {
  const errors = requireAll(values, { title: "Title", description: "Description" });
  if (values.releaseDate !== "" && !isCalendarDay(values.releaseDate)) errors.releaseDate = "Please enter a valid release date";
  if (values.source === "youtube") {
    if (extractYoutubeId(values.youtubeUrl) === null) errors.youtubeUrl = CONTENT_MESSAGES.invalidYoutubeUrl;
    return errors;
  }
  Object.assign(errors, requireAll(values, { duration: "Duration", releaseDate: "Release date" }));
  const fileUrl = values.fileUrl.trim();
  if (fileUrl === "" && !keepsStoredFile) errors.fileUrl = requiredMessage("Video URL");
  else if (fileUrl !== "" && !isHttpUrl(fileUrl)) errors.fileUrl = INVALID_URL_MESSAGE;
  if (values.thumbnailUrl.trim() !== "" && !isHttpUrl(values.thumbnailUrl)) errors.thumbnailUrl = INVALID_URL_MESSAGE;
  return errors;
}

export function toVideoInput(values: VideoFormValues): VideoInput {
  const common = {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    accessLevel: values.accessLevel,
    featured: values.featured,
  };
  if (values.source === "youtube") {
    // Left out, the release date is the day the video is added, and an edit keeps the current one.
    return { source: "youtube", ...common, youtubeUrl: values.youtubeUrl.trim(), ...(values.releaseDate ? { releaseDate: values.releaseDate } : {}) };
  }
  return {
    source: "file",
    ...common,
    // Null keeps the file the server already holds.
    fileUrl: values.fileUrl.trim() || null,
    duration: values.duration.trim(),
    releaseDate: values.releaseDate,
    thumbnailUrl: values.thumbnailUrl.trim() || null,
  };
}
