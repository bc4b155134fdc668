import { useState, type FormEvent } from "react";
import { ACCESS_LEVEL_LABELS, CONTENT_LEVELS, CONTENT_MESSAGES, extractYoutubeId, VIDEO_CATEGORIES, VIDEO_CATEGORY_LABELS, type ContentLevel, type VideoCategory } from "../../../../common/content";
import type { AdminVideo } from "../../../../common/contracts/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { cn } from "../../../lib/cn";
import { useVideoMutations } from "../api";
import { useSubmitState } from "../use-submit-state";
import { toVideoInput, validateVideo, VIDEO_FIELDS, type VideoFormValues, type VideoSource } from "../validation";
import { CheckboxField, SelectField, TextAreaField } from "./form-controls";

const CATEGORY_OPTIONS = VIDEO_CATEGORIES.map((category) => ({ value: category, label: VIDEO_CATEGORY_LABELS[category] }));
const LEVEL_OPTIONS = CONTENT_LEVELS.map((level) => ({ value: level, label: ACCESS_LEVEL_LABELS[level] }));
const SOURCES: { value: VideoSource; label: string }[] = [
  { value: "youtube", label: "YouTube" },
  { value: "file", label: "Video file" },
];

const DEFAULTS: VideoFormValues = {
  source: "youtube",
  title: "",
  description: "",
  category: "general",
  accessLevel: "all",
  featured: false,
  youtubeUrl: "",
  fileUrl: "",
  duration: "",
  releaseDate: "",
  thumbnailUrl: "",
};

function valuesOf(video: AdminVideo | null): VideoFormValues {
  if (!video) return DEFAULTS;
  const common = {
    title: video.title,
    description: video.description,
    category: video.category,
    accessLevel: video.accessLevel,
    featured: video.featured,
    releaseDate: video.releaseDate,
  };
  if (video.isYoutube) {
    // The address as the admin entered it, else the watch page of its id.
    const youtubeUrl = video.fileUrl ?? (video.youtubeId ? `https://www.youtube.com/watch?v=${video.youtubeId}` : "");
    return { ...DEFAULTS, ...common, source: "youtube", youtubeUrl };
  }
  return { ...DEFAULTS, ...common, source: "file", fileUrl: video.fileUrl ?? "", duration: video.duration ?? "", thumbnailUrl: video.thumbnailUrl ?? "" };
}

type VideoFormProps = {
  /** The video being edited; null adds a new one. */
  video: AdminVideo | null;
  onSaved: (saved: AdminVideo) => void;
  onCancel: () => void;
  /** Shown when a save fails without a message from the server. */
  fallbackError: string;
  /** Keeps the form read-only, e.g. while the edit dialog shows its success message. */
  locked?: boolean;
};

/** Add or edit a training video: a YouTube link, or a file link with its duration and release date (spec 001 §5). */
export function VideoForm({ video, onSaved, onCancel, fallbackError, locked = false }: VideoFormProps) {
  const { save } = useVideoMutations();
  const [values, setValues] = useState(() => valuesOf(video));
  const { fieldErrors, formError, submit, clearField } = useSubmitState(VIDEO_FIELDS, fallbackError);
  const youtubeId = values.source === "youtube" ? extractYoutubeId(values.youtubeUrl) : null;
  // A file video without an address plays a file the server holds; an edit may keep it.
  const keepsStoredFile = video !== null && !video.isYoutube && video.fileUrl === null;

  function set<Field extends keyof VideoFormValues>(field: Field, value: VideoFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearField(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let saved: AdminVideo | undefined;
    const ok = await submit(event.currentTarget, validateVideo(values, keepsStoredFile), async () => {
      saved = await save.mutateAsync({ id: video?.id ?? null, input: toVideoInput(values) });
    });
    if (ok && saved) onSaved(saved);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={video ? "Edit video" : "New video"}>
      <fieldset className="grid gap-2 sm:col-span-2" disabled={locked}>
        <legend className="mb-1.5 text-sm font-medium text-ink">Video source</legend>
        <div className="flex flex-wrap gap-2">
          {SOURCES.map((source) => (
            <label
              key={source.value}
              className={cn(
                "inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border px-3.5 text-sm font-medium text-ink transition-colors",
                values.source === source.value ? "border-navy-700 bg-navy-50 ring-1 ring-navy-700" : "border-border bg-surface hover:bg-navy-50",
              )}
            >
              <input type="radio" name="video-source" value={source.value} checked={values.source === source.value} onChange={() => set("source", source.value)} className="size-4 accent-navy-800" />
              {source.label}
            </label>
          ))}
        </div>
      </fieldset>

      {values.source === "youtube" ? (
        <div className="sm:col-span-2">
          <FormField
            label="YouTube URL"
            type="url"
            value={values.youtubeUrl}
            onChange={(event) => set("youtubeUrl", event.target.value)}
            error={fieldErrors.youtubeUrl}
            placeholder="https://www.youtube.com/watch?v=…"
            hint={youtubeId ? `Video ID: ${youtubeId}` : "A youtu.be, watch?v=, embed or /v/ link."}
            maxLength={500}
            disabled={locked}
          />
        </div>
      ) : (
        <>
          <div className="sm:col-span-2">
            <FormField
              label="Video URL"
              type="url"
              value={values.fileUrl}
              onChange={(event) => set("fileUrl", event.target.value)}
              error={fieldErrors.fileUrl}
              placeholder="https://"
              hint={
                keepsStoredFile
                  ? "This video has an uploaded file. Leave this empty to keep it, or enter a link to use instead."
                  : "A link to the video file until uploads arrive with the media library."
              }
              maxLength={2000}
              disabled={locked}
            />
          </div>
          <div className="sm:col-span-2">
            <FormField
              label="Thumbnail URL (optional)"
              type="url"
              value={values.thumbnailUrl}
              onChange={(event) => set("thumbnailUrl", event.target.value)}
              error={fieldErrors.thumbnailUrl}
              placeholder="https://"
              maxLength={2000}
              disabled={locked}
            />
          </div>
        </>
      )}

      <div className="sm:col-span-2">
        <FormField label="Title" value={values.title} onChange={(event) => set("title", event.target.value)} error={fieldErrors.title} maxLength={200} disabled={locked} />
      </div>
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        value={values.description}
        onChange={(event) => set("description", event.target.value)}
        error={fieldErrors.description}
        maxLength={5000}
        disabled={locked}
      />
      <SelectField
        label="Category"
        options={CATEGORY_OPTIONS}
        value={values.category}
        onChange={(event) => set("category", event.target.value as VideoCategory)}
        error={fieldErrors.category}
        disabled={locked}
      />
      <SelectField
        label="Access level"
        options={LEVEL_OPTIONS}
        value={values.accessLevel}
        onChange={(event) => set("accessLevel", event.target.value as ContentLevel)}
        error={fieldErrors.accessLevel}
        disabled={locked}
      />
      <FormField
        label="Release date"
        type="date"
        value={values.releaseDate}
        onChange={(event) => set("releaseDate", event.target.value)}
        error={fieldErrors.releaseDate}
        hint={values.source === "youtube" ? "Optional: the day the video is added if left empty." : undefined}
        disabled={locked}
      />
      {values.source === "file" ? (
        <FormField label="Duration" value={values.duration} onChange={(event) => set("duration", event.target.value)} error={fieldErrors.duration} placeholder="12:30" maxLength={20} disabled={locked} />
      ) : null}
      <CheckboxField
        label="Featured"
        hint="Featured videos are listed first."
        className="sm:col-span-2"
        checked={values.featured}
        onChange={(event) => set("featured", event.target.checked)}
        disabled={locked}
      />
      {formError ? (
        <Alert variant="error" className="sm:col-span-2">
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending || locked}>
          {save.isPending ? CONTENT_MESSAGES.videoSaving : video ? "Save Changes" : "Create Video"}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
