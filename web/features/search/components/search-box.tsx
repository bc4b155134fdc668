import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import { SEARCH_QUERY_MAX } from "../../../../common/contracts/search";
import { paths } from "../../../lib/paths";
import { SEARCH_MESSAGES } from "../messages";

/** The members shell's search box: submitting opens /members/search?q=. */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
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
      <label htmlFor="members-search" className="sr-only">
        {SEARCH_MESSAGES.label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-navy-300" aria-hidden />
      <input
        id="members-search"
        type="search"
        value={value}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => setValue(event.target.value)}
        placeholder={SEARCH_MESSAGES.placeholder}
        className="h-10 w-full rounded-md border border-white/15 bg-white/10 pr-3 pl-9 text-sm text-white placeholder:text-navy-200 focus-visible:border-white/40 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white/30"
      />
    </form>
  );
}
