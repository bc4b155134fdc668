import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchResponse } from "../../../common/contracts/search";
import { getJson } from "../../lib/api-client";
import { useViewer } from "../session/api";

/** One ranked list across posts, replies, resources, videos and sessions (GET /api/search?q=). */
export function useSearch(query: string) {
  const viewer = useViewer();
  const q = query.trim();
  return useQuery({
    // Per viewer: the plan decides what is found and what comes locked.
    queryKey: ["search", q, viewer.data?.id ?? "anonymous"],
    queryFn: () => getJson<SearchResponse>(`/api/search?${new URLSearchParams({ q }).toString()}`),
    enabled: q.length > 0 && !viewer.isPending,
    placeholderData: keepPreviousData,
  });
}
