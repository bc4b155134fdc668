import type { CourseProgress } from "../../../../common/contracts/courses";
import { cn } from "../../../lib/cn";
import { UNIVERSITY_MESSAGES } from "../messages";

/** "3 of 15 lessons done" with a bar; announced as a progress bar with its percentage. */
export function CourseProgressBar({ progress, label, className }: { progress: CourseProgress; label: string; className?: string }) {
  const percent = progress.total === 0 ? 0 : Math.round((progress.completed / progress.total) * 100);
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-ink">{UNIVERSITY_MESSAGES.lessonsDone(progress.completed, progress.total)}</span>
        <span className="text-muted">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-navy-100"
      >
        <div className="h-full rounded-full bg-brass-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
