import { ACCESS_LEVEL_LABELS, CONTENT_LEVELS, extractYoutubeId, VIDEO_CATEGORIES, VIDEO_CATEGORY_LABELS } from "../../../../common/content";
import type { AdminVideo } from "../../../../common/contracts/videos";
import { cn } from "../../../lib/cn";
import { useVideoMutations } from "../api";
import { useContentForm } from "../use-content-form";
import { toVideoInput, validateVideo, type VideoFormValues, type VideoSource } from "../validation";
import { ContentForm, WIDE } from "./content-form";
import { FileLinkField } from "./file-link-field";
import { CheckboxField, LinkField, SelectField, TextAreaField, TextField } from "./form-controls";

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
  // A file video without an address plays a file the server holds; an edit may keep it.
  const keepsStoredFile = video !== null && !video.isYoutube && video.fileUrl === null;
  const form = useContentForm({
    initial: valuesOf(video),
    fallbackError,
    validate: (values) => validateVideo(values, keepsStoredFile),
    save: (values) => save.mutateAsync({ id: video?.id ?? null, input: toVideoInput(values) }),
    onSaved,
  });
  const { source } = form.values;
  const youtubeId = source === "youtube" ? extractYoutubeId(form.values.youtubeUrl) : null;

  return (
    <ContentForm
      label={video ? "Edit video" : "New video"}
      form={form}
      submitLabel={video ? "Save Changes" : "Create Video"}
      saving={save.isPending}
      locked={locked}
      onCancel={onCancel}
    >
      <fieldset className={cn("grid gap-2", WIDE)}>
        <legend className="mb-1.5 text-sm font-medium text-ink">Video source</legend>
        <div className="flex flex-wrap gap-2">
          {SOURCES.map((option) => (
            <label
              key={option.value}
              className={cn(
                "inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border px-3.5 text-sm font-medium text-ink transition-colors",
                source === option.value ? "border-navy-700 bg-navy-50 ring-1 ring-navy-700" : "border-border bg-surface hover:bg-navy-50",
              )}
            >
              <input type="radio" name="video-source" value={option.value} checked={source === option.value} onChange={() => form.set("source", option.value)} className="size-4 accent-navy-800" />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {source === "youtube" ? (
        <TextField
          className={WIDE}
          label="YouTube URL"
          type="url"
          {...form.text("youtubeUrl")}
          placeholder="https://www.youtube.com/watch?v=…"
          hint={youtubeId ? `Video ID: ${youtubeId}` : "A youtu.be, watch?v=, embed or /v/ link."}
          maxLength={500}
        />
      ) : (
        <>
          <FileLinkField
            label="Video URL"
            owner="video"
            hasStoredFile={keepsStoredFile}
            linkHint="Select a video from the media library, upload a new one, or enter a link to the video file."
            {...form.field("fileUrl")}
          />
          <LinkField className={WIDE} label="Thumbnail URL (optional)" {...form.text("thumbnailUrl")} />
        </>
      )}

      <TextField className={WIDE} label="Title" {...form.text("title")} maxLength={200} />
      <TextAreaField className={WIDE} label="Description" {...form.text("description")} maxLength={5000} />
      <SelectField label="Category" options={CATEGORY_OPTIONS} {...form.text("category")} />
      <SelectField label="Access level" options={LEVEL_OPTIONS} {...form.text("accessLevel")} />
      <TextField
        label="Release date"
        type="date"
        {...form.text("releaseDate")}
        hint={source === "youtube" ? "Optional: the day the video is added if left empty." : undefined}
      />
      {source === "file" ? <TextField label="Duration" {...form.text("duration")} placeholder="e.g. 12:30" maxLength={20} /> : null}
      <CheckboxField className={WIDE} label="Featured" hint="Featured videos are listed first." {...form.check("featured")} />
    </ContentForm>
  );
}
