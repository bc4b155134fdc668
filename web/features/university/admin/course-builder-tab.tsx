import { useState, type FormEvent } from "react";
import { ArrowDown, ArrowUp, FileText, Pencil, PlayCircle, Plus, Download, Trash2 } from "lucide-react";
import type { AdminCourse, AdminLesson, LessonInput } from "../../../../common/contracts/courses";
import { COURSES } from "../../../../common/marketing/courses";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { SelectField, TextField } from "../../admin-content/components/form-controls";
import { errorMessage } from "../../admin-content/use-submit-state";
import { useAdminCourse, useCourseChange } from "./api";
import { LessonForm } from "./lesson-form";

const COURSE_OPTIONS = COURSES.map((course) => ({ value: course.id, label: course.title }));
const LESSON_ICONS = { video: PlayCircle, text: FileText, file: Download } as const;

type Editing = { moduleId: number; lesson: AdminLesson | null } | null;

/** The title of a new module, or a module's new title. */
function ModuleTitleForm({ label, submitLabel, initial = "", onSave, onCancel }: { label: string; submitLabel: string; initial?: string; onSave: (title: string) => Promise<unknown>; onCancel?: () => void }) {
  const [title, setTitle] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError("Module title is required");
    try {
      await onSave(title);
      setTitle("");
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure, "Failed to save the module. Please try again."));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-wrap items-end gap-3" aria-label={submitLabel}>
      <TextField label={label} className="min-w-60 flex-1" value={title} maxLength={200} error={error} onChange={(event) => setTitle(event.target.value)} />
      <Button type="submit">{submitLabel}</Button>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}

function ModuleCard({ course, index, courseId, editing, setEditing }: { course: AdminCourse; index: number; courseId: string; editing: Editing; setEditing: (next: Editing) => void }) {
  const change = useCourseChange(courseId);
  const [renaming, setRenaming] = useState(false);
  const module = course.modules[index];
  if (!module) return null;
  const last = course.modules.length - 1;
  const saveLesson = (lesson: AdminLesson | null) => (input: LessonInput) =>
    change.mutateAsync(lesson ? { type: "updateLesson", id: lesson.id, input } : { type: "addLesson", moduleId: module.id, input });

  return (
    <li className="grid gap-3 rounded-xl border border-border bg-surface p-5 shadow-card wrap-anywhere" data-testid="builder-module">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold text-ink">
          <span className="mr-2 text-brass-700">Module {index + 1}</span>
          {module.title}
        </h3>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" aria-label={`Rename ${module.title}`} onClick={() => setRenaming(true)}>
            <Pencil aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Move ${module.title} up`} disabled={index === 0} onClick={() => change.mutate({ type: "moveModule", id: module.id, input: { direction: "up" } })}>
            <ArrowUp aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Move ${module.title} down`} disabled={index === last} onClick={() => change.mutate({ type: "moveModule", id: module.id, input: { direction: "down" } })}>
            <ArrowDown aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${module.title}`}
            onClick={() => {
              if (window.confirm(`Delete the module "${module.title}" and its ${module.lessons.length} lessons? Members' progress on them goes too.`)) change.mutate({ type: "deleteModule", id: module.id });
            }}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {renaming ? (
        <ModuleTitleForm
          label="Module title"
          submitLabel="Rename module"
          initial={module.title}
          onSave={async (title) => {
            await change.mutateAsync({ type: "renameModule", id: module.id, input: { title } });
            setRenaming(false);
          }}
          onCancel={() => setRenaming(false)}
        />
      ) : null}
      <ol className="grid gap-1">
        {module.lessons.map((lesson, position) => {
          const Icon = LESSON_ICONS[lesson.kind];
          return (
            <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-navy-50">
              <span className="flex items-start gap-2 text-ink">
                <Icon className="mt-0.5 size-4 shrink-0 text-navy-500" aria-hidden />
                {lesson.title}
                <span className="text-muted">· {lesson.minutes} min</span>
              </span>
              <span className="flex gap-1">
                <Button variant="ghost" size="sm" aria-label={`Move ${lesson.title} up`} disabled={position === 0} onClick={() => change.mutate({ type: "moveLesson", id: lesson.id, input: { direction: "up" } })}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Move ${lesson.title} down`} disabled={position === module.lessons.length - 1} onClick={() => change.mutate({ type: "moveLesson", id: lesson.id, input: { direction: "down" } })}>
                  <ArrowDown aria-hidden />
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Edit ${lesson.title}`} onClick={() => setEditing({ moduleId: module.id, lesson })}>
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${lesson.title}`}
                  onClick={() => {
                    if (window.confirm(`Delete the lesson "${lesson.title}"?`)) change.mutate({ type: "deleteLesson", id: lesson.id });
                  }}
                >
                  <Trash2 aria-hidden />
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      {editing?.moduleId === module.id ? (
        <LessonForm key={editing.lesson?.id ?? "new"} lesson={editing.lesson} save={saveLesson(editing.lesson)} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing({ moduleId: module.id, lesson: null })}>
          <Plus aria-hidden />
          Add lesson
        </Button>
      )}
      {change.isError ? <Alert variant="error">{errorMessage(change.error, "Failed to save the change. Please try again.")}</Alert> : null}
    </li>
  );
}

/** /admin/content, Courses: pick a University course and build its modules and lessons. */
export function CourseBuilderTab() {
  const [courseId, setCourseId] = useState(COURSES[0]?.id ?? "");
  const [editing, setEditing] = useState<Editing>(null);
  const course = useAdminCourse(courseId);
  const change = useCourseChange(courseId);

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-ink">University courses</h2>
        <p className="text-sm text-muted">Modules and lessons in the order members take them. A lesson is a text, a video or a file from the media library.</p>
      </div>
      <SelectField
        label="Course"
        options={COURSE_OPTIONS}
        value={courseId}
        onChange={(event) => {
          setCourseId(event.target.value);
          setEditing(null);
        }}
      />
      {course.isPending ? (
        <Spinner className="size-8 border-3" label="Loading the course" />
      ) : course.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert variant="error">We could not load this course. Please try again.</Alert>
          <Button variant="outline" onClick={() => void course.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {course.data.modules.length === 0 ? <Alert>This course has no modules yet. Add the first one below.</Alert> : null}
          <ol className="grid gap-4">
            {course.data.modules.map((module, index) => (
              <ModuleCard key={module.id} course={course.data} index={index} courseId={courseId} editing={editing} setEditing={setEditing} />
            ))}
          </ol>
          <ModuleTitleForm label="New module" submitLabel="Add module" onSave={(title) => change.mutateAsync({ type: "addModule", input: { title } })} />
        </>
      )}
    </div>
  );
}
