import { cn } from "../../../lib/cn";
import type { FeedCategory } from "../categories";

type CategoryListProps = {
  options: readonly { value: FeedCategory; label: string }[];
  value: FeedCategory;
  onChange: (value: FeedCategory) => void;
};

/** The members' category list: a scrolling row of chips on phones, a vertical list beside the feed on wide screens. */
export function CategoryList({ options, value, onChange }: CategoryListProps) {
  return (
    <nav aria-labelledby="community-categories-heading" className="grid gap-3 lg:rounded-xl lg:border lg:border-border lg:bg-surface lg:p-4 lg:shadow-card">
      <h2 id="community-categories-heading" className="text-sm font-semibold text-ink lg:text-base">
        Categories
      </h2>
      <div role="group" aria-label="Filter posts by category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0 lg:grid lg:gap-1">
        {options.map((option) => {
          const active = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(option.value)}
              className={cn(
                "inline-flex h-9 shrink-0 items-center rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring lg:w-full lg:rounded-md lg:border-transparent lg:px-3 lg:text-left",
                active ? "border-navy-800 bg-navy-800 text-white lg:border-navy-800" : "border-border bg-surface text-ink hover:bg-navy-50",
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
