import { Search } from "lucide-react";
import type { MediaKind } from "../../../../common/contracts/media";
import { FilterChips } from "../../../components/ui/filter-chips";
import { Input } from "../../../components/ui/input";

export const KIND_OPTIONS = [
  { value: "all", label: "All" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "document", label: "Documents" },
] as const satisfies readonly { value: "all" | MediaKind; label: string }[];

type MediaFiltersProps = {
  kind?: "all" | MediaKind;
  onKindChange?: (kind: "all" | MediaKind) => void;
  folder: string;
  folders: string[];
  onFolderChange: (folder: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
};

/** Search by name, folder chips and (in the library) the type filter. */
export function MediaFilters({ kind, onKindChange, folder, folders, onFolderChange, search, onSearchChange }: MediaFiltersProps) {
  return (
    <div className="grid gap-3">
      <label className="relative block max-w-md">
        <span className="sr-only">Search media by name</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <Input type="search" value={search} onChange={(event) => onSearchChange(event.target.value)} placeholder="Search media..." className="pl-9" maxLength={200} />
      </label>
      {kind && onKindChange ? <FilterChips label="Filter media by type" options={KIND_OPTIONS} value={kind} onChange={onKindChange} /> : null}
      <FilterChips label="Filter media by folder" options={[{ value: "all", label: "All folders" }, ...folders.map((name) => ({ value: name, label: name }))]} value={folder} onChange={onFolderChange} />
    </div>
  );
}
