import type { ReactNode } from "react";

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode; eyebrow?: string };

/** Title block at the top of an app page. */
export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        {eyebrow ? <p className="text-xs font-semibold tracking-wider text-brass-700 uppercase">{eyebrow}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-ink sm:text-3xl">{title}</h1>
        {description ? <p className="max-w-2xl text-sm text-muted sm:text-base">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
