import { useId } from "react";
import { Search } from "lucide-react";
import { DIRECTORY_SORT_LABELS, DIRECTORY_SORTS } from "../../../../common/contracts/people";
import { BUILD_STAGE_LABELS, BUILD_STAGES } from "../../../../common/contracts/people-stages";
import { countryName } from "../../../../common/countries";
import { TIER_BADGES, TIERS } from "../../../../common/tiers";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useDirectoryFilters, type DirectorySearch } from "../api";
import { PEOPLE_PAGE_MESSAGES } from "../messages";

type Option = { value: string; label: string };

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly Option[]; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full min-w-0 rounded-md border border-border bg-surface px-3 text-base text-ink shadow-xs focus-visible:border-navy-400 focus-visible:outline-2 focus-visible:outline-navy-200 sm:text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const STAGE_OPTIONS: Option[] = [{ value: "", label: "All stages" }, ...BUILD_STAGES.map((stage) => ({ value: stage, label: BUILD_STAGE_LABELS[stage] }))];
const TIER_OPTIONS: Option[] = [{ value: "", label: "All plans" }, ...TIERS.map((tier) => ({ value: tier, label: TIER_BADGES[tier] }))];
const SORT_OPTIONS: Option[] = DIRECTORY_SORTS.map((sort) => ({ value: sort, label: DIRECTORY_SORT_LABELS[sort] }));

/** Keeps a chosen value among the options even when it is no longer among the most used. */
const withChosen = (options: Option[], value: string, label: string): Option[] => (value && !options.some((option) => option.value === value) ? [...options, { value, label }] : options);

type DirectoryControlsProps = { search: DirectorySearch; onChange: (next: DirectorySearch) => void };

/** The directory's search box, filters (stage, expertise, plan, country) and order. */
export function DirectoryControls({ search, onChange }: DirectoryControlsProps) {
  const filters = useDirectoryFilters().data;
  const set = (key: keyof DirectorySearch) => (value: string) => onChange({ ...search, [key]: value });
  const expertiseOptions = withChosen([{ value: "", label: "All expertise" }, ...(filters?.expertise ?? []).map((entry) => ({ value: entry.tag, label: entry.tag }))], search.expertise, search.expertise);
  const countryOptions = withChosen(
    [{ value: "", label: "All countries" }, ...(filters?.countries ?? []).map((entry) => ({ value: entry.code, label: countryName(entry.code) })).sort((a, b) => a.label.localeCompare(b.label))],
    search.country,
    countryName(search.country),
  );
  const searchId = useId();

  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>{PEOPLE_PAGE_MESSAGES.searchLabel}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input id={searchId} type="search" value={search.q} maxLength={100} placeholder={PEOPLE_PAGE_MESSAGES.searchPlaceholder} className="pl-9" onChange={(event) => set("q")(event.target.value)} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <FilterSelect label="Stage" value={search.stage} options={STAGE_OPTIONS} onChange={set("stage")} />
        <FilterSelect label="Expertise" value={search.expertise} options={expertiseOptions} onChange={set("expertise")} />
        <FilterSelect label="Plan" value={search.tier} options={TIER_OPTIONS} onChange={set("tier")} />
        <FilterSelect label="Country" value={search.country} options={countryOptions} onChange={set("country")} />
        <FilterSelect label="Sort by" value={search.sort} options={SORT_OPTIONS} onChange={(value) => onChange({ ...search, sort: value === "name" ? "name" : "newest" })} />
      </div>
    </form>
  );
}
