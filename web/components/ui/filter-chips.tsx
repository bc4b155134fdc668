import { cn } from "../../lib/cn";

type FilterChipsProps<Value extends string> = {
  /** Names the group for screen readers, e.g. "Filter resources by category". */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
};

/** A row of toggle chips, one pressed at a time (the brands page's filter style). */
export function FilterChips<Value extends string>({ label, options, value, onChange }: FilterChipsProps<Value>) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              "inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-medium transition-colors",
              active ? "border-navy-800 bg-navy-800 text-white" : "border-border bg-surface text-ink hover:bg-navy-50",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
