import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn";

type SpinnerProps = { className?: string; label?: string };

/** Spinning indicator announced to screen readers as `label`. */
export function Spinner({ className, label = "Loading" }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className={cn("size-5 animate-spin text-navy-500", className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area spinner for pages and guards while data loads. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
