import type { ReactNode } from "react";

type CtaBandProps = { headingId: string; title: string; text: ReactNode; actions: ReactNode };

/** The closing call to action of a public page: a navy panel with one or two buttons. */
export function CtaBand({ headingId, title, text, actions }: CtaBandProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-18 lg:px-8" aria-labelledby={headingId}>
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <div className="mt-3 text-navy-200">{text}</div>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}
