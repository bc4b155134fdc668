import { useDeferredValue, useState } from "react";
import type { MediaKind } from "../../../common/contracts/media";
import type { MediaFilter } from "./api";

/** The library's filters; a change of any of them goes back to the first page. */
export function useMediaFilter() {
  const [kind, setKind] = useState<"all" | MediaKind>("all");
  const [folder, setFolder] = useState("all");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search.trim());
  const filter: MediaFilter = { kind, folder, search: deferredSearch, page };
  return {
    filter,
    kind,
    folder,
    search,
    setKind: (value: "all" | MediaKind) => (setKind(value), setPage(1)),
    setFolder: (value: string) => (setFolder(value), setPage(1)),
    setSearch: (value: string) => (setSearch(value), setPage(1)),
    setPage,
  };
}
