import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** Text input; shows the error style when `aria-invalid` is set. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-11 w-full rounded-md border border-border bg-surface px-3 text-base text-ink shadow-xs transition-colors placeholder:text-muted/70 placeholder:italic focus-visible:border-navy-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-200 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/20 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
