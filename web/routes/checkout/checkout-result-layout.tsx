import type { ReactNode } from "react";

/** The centred card that success and cancel pages share. */
export function CheckoutResultLayout({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-navy-50 text-navy-700">{icon}</span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-4 grid gap-4 text-muted">{children}</div>
    </section>
  );
}
