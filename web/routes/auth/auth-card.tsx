import type { ReactNode } from "react";

type AuthCardProps = { title: string; description?: ReactNode; children: ReactNode };

/** Centered card used by the password and sign-in pages. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
