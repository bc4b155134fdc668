import { useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import { SEARCH_QUERY_MAX } from "../../../../common/contracts/search";
import { paths } from "../../../lib/paths";
import { SEARCH_MESSAGES } from "../messages";

const INPUT_TONES = {
  sidebar: "border-white/15 bg-white/10 text-white placeholder:text-navy-200 focus-visible:border-white/40 focus-visible:outline-white/30",
  page: "border-border bg-surface text-ink shadow-xs placeholder:text-muted/70 placeholder:italic focus-visible:border-navy-400 focus-visible:outline-navy-200",
} as const;

/**
 * The members shell's search box (`sidebar`), and the results page's own on phones (`page`), where the
 * sidebar is behind the menu: submitting opens /members/search?q=.
 */
export function SearchBox({ tone = "sidebar", onSearch }: { tone?: keyof typeof INPUT_TONES; onSearch?: () => void }) {
  const id = useId();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get("q") ?? "");
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    void navigate(paths.members.searchFor(q));
    onSearch?.();
  };

  return (
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor={id} className="sr-only">
        {SEARCH_MESSAGES.label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-navy-300" aria-hidden />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => setValue(event.target.value)}
        placeholder={SEARCH_MESSAGES.placeholder}
        className={`h-10 w-full rounded-md border pr-3 pl-9 text-sm focus-visible:outline-2 focus-visible:outline-offset-0 ${INPUT_TONES[tone]}`}
      />
    </form>
  );
}
