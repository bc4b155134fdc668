import { cn } from "../../lib/cn";

type SpinnerProps = { className?: string; label?: string };

/** Spinning ring announced to screen readers as `label`; size and colour come from `className` (size-*, text-*). */
export function Spinner({ className, label = "Loading" }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        className={cn("inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent text-navy-500", className)}
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area spinner for pages and guards while data loads. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8 border-3" label={label} />
    </div>
  );
}
