import { useId, type ComponentProps, type ReactNode } from "react";
import { FormField } from "../../../components/ui/form-field";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/cn";

/* The fields of the content forms: the design system's FormField and its textarea, select and checkbox twins. */

const CONTROL =
  "w-full rounded-md border border-border bg-surface px-3 text-base text-ink shadow-xs transition-colors focus-visible:border-navy-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-200 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger sm:text-sm";

type FieldChrome = { label: string; error?: string | undefined; hint?: ReactNode; className?: string };

function FieldFrame({ id, label, error, hint, className, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/** The design system's FormField, placed in its form's grid by `className` like its twins below. */
export function TextField({ className, ...props }: ComponentProps<typeof FormField> & { className?: string }) {
  return className ? (
    <div className={className}>
      <FormField {...props} />
    </div>
  ) : (
    <FormField {...props} />
  );
}

/** An address on the web: a recording, a thumbnail, a file until the media library brings uploads. */
export function LinkField(props: Omit<ComponentProps<typeof TextField>, "type" | "placeholder" | "maxLength">) {
  return <TextField type="url" placeholder="https://" maxLength={2000} {...props} />;
}

export function TextAreaField({ label, error, hint, className, ...props }: FieldChrome & Omit<ComponentProps<"textarea">, "id" | "className">) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(CONTROL, "min-h-24 resize-y py-2")}
        {...props}
      />
    </FieldFrame>
  );
}

type Option = { value: string; label: string };

export function SelectField({ label, error, hint, className, options, ...props }: FieldChrome & { options: readonly Option[] } & Omit<ComponentProps<"select">, "id" | "className">) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={cn(CONTROL, "h-11")} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ label, hint, className, ...props }: Omit<FieldChrome, "error"> & Omit<ComponentProps<"input">, "id" | "type" | "className">) {
  const id = useId();
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} className="mt-0.5 size-4 shrink-0 accent-navy-800" {...props} />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
