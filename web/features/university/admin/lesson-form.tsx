import { useState } from "react";
import { FolderOpen } from "lucide-react";
import { LESSON_KINDS, LessonInputSchema, type AdminLesson, type LessonInput, type LessonKind } from "../../../../common/contracts/courses";
import type { MediaItem } from "../../../../common/contracts/media";
import { Button } from "../../../components/ui/button";
import { ContentForm, WIDE } from "../../admin-content/components/content-form";
import { SelectField, TextAreaField, TextField } from "../../admin-content/components/form-controls";
import { useContentForm } from "../../admin-content/use-content-form";
import type { FieldErrors } from "../../admin-content/use-submit-state";
import { MediaPickerDialog } from "../../media/components/media-picker-dialog";

type LessonFormValues = { title: string; kind: LessonKind; body: string; minutes: string; mediaItemId: string };

const KIND_LABELS: Record<LessonKind, string> = { video: "Video from the media library", text: "Text", file: "File to download from the media library" };
const KIND_OPTIONS = LESSON_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

function toLessonInput(values: LessonFormValues): LessonInput {
  return {
    title: values.title,
    kind: values.kind,
    body: values.body,
    minutes: Number(values.minutes),
    mediaItemId: values.kind === "text" || values.mediaItemId === "" ? null : Number(values.mediaItemId),
  };
}

/** The contract's own rules and messages, so the form says on the spot what the server would refuse. */
function validateLesson(values: LessonFormValues): FieldErrors {
  const result = LessonInputSchema.safeParse(toLessonInput(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "title");
    errors[field] ??= issue.message;
  }
  return errors;
}

type LessonFormProps = {
  lesson: AdminLesson | null;
  save: (input: LessonInput) => Promise<unknown>;
  onDone: () => void;
};

/** Add or edit a lesson: a text, or a video or document picked from the media library. */
export function LessonForm({ lesson, save, onDone }: LessonFormProps) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<MediaItem | null>(null);
  const form = useContentForm({
    initial: {
      title: lesson?.title ?? "",
      kind: lesson?.kind ?? "text",
      body: lesson?.body ?? "",
      minutes: lesson ? String(lesson.minutes) : "10",
      mediaItemId: lesson?.mediaItemId ? String(lesson.mediaItemId) : "",
    } satisfies LessonFormValues,
    fallbackError: "Failed to save the lesson. Please try again.",
    validate: validateLesson,
    save: (values) => save(toLessonInput(values)),
    onSaved: onDone,
  });
  const kind = form.values.kind;
  const media = form.field("mediaItemId");
  const chosen = picked && String(picked.id) === media.value ? picked.name : media.value ? `Library item ${media.value}` : "Nothing picked yet";

  return (
    <ContentForm label={lesson ? "Edit lesson" : "New lesson"} form={form} submitLabel={lesson ? "Save lesson" : "Add lesson"} saving={false} onCancel={onDone}>
      <TextField label="Lesson title" required maxLength={200} {...form.text("title")} />
      <TextField label="Minutes" type="number" min={1} max={600} required {...form.text("minutes")} />
      <SelectField label="Lesson type" className={WIDE} options={KIND_OPTIONS} {...form.text("kind")} />
      {kind === "text" ? null : (
        <div className={`grid gap-2 ${WIDE}`}>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" onClick={() => setPicking(true)}>
              <FolderOpen aria-hidden />
              {kind === "video" ? "Select video" : "Select file"}
            </Button>
            <span className="text-sm text-ink wrap-anywhere" data-testid="lesson-media">
              {chosen}
            </span>
          </div>
          {media.error ? <p className="text-sm text-danger">{media.error}</p> : null}
          <MediaPickerDialog
            open={picking}
            kinds={kind === "video" ? ["video"] : ["document"]}
            onClose={() => setPicking(false)}
            onSelect={(item) => {
              setPicked(item);
              setPicking(false);
              media.onChange(String(item.id));
            }}
          />
        </div>
      )}
      <TextAreaField label={kind === "text" ? "Lesson text" : "Notes (optional)"} className={WIDE} rows={6} maxLength={20_000} {...form.text("body")} />
    </ContentForm>
  );
}
