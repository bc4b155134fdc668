import type { ReactNode } from "react";

/** Title, one line of purpose and the tab's main action. */
export function TabHeader({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h2 className="text-xl font-bold tracking-tight text-ink">{title}</h2>
        <p className="max-w-2xl text-sm text-muted">{description}</p>
      </div>
      {action}
    </div>
  );
}
