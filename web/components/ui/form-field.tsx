import { useId, type ComponentProps, type ReactNode } from "react";
import { Input } from "./input";
import { Label } from "./label";

type FormFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Content placed on the label row, right-aligned (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
};

/** Label, input and its validation message, wired together for screen readers. */
export function FormField({ label, error, hint, labelAside, ...inputProps }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
