import type { ReactNode } from "react";

/** Padded, width-limited content column of the members and admin areas. */
export function AppPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-10 lg:py-10">{children}</div>;
}
