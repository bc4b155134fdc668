import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { RESOURCES_PAGE_SIZE, type ResourcesResponse } from "../../../common/contracts/resources";
import { getJson } from "../../lib/api-client";
import { useViewer } from "../session/api";
import type { ResourceFilter } from "./categories";

/** The library in one category, a page at a time (GET /api/resources?category=&page=); locked resources come without a link. */
export function useResources(category: ResourceFilter) {
  const viewer = useViewer();
  return useInfiniteQuery({
    // Per viewer: what is locked and the signed links differ by account.
    queryKey: ["resources", category, viewer.data?.id ?? "anonymous"],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      getJson<ResourcesResponse>(`/api/resources?${new URLSearchParams({ category, page: String(pageParam), pageSize: String(RESOURCES_PAGE_SIZE) }).toString()}`),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: !viewer.isPending,
    // The last category stays on screen while the next one loads, instead of a flash of nothing.
    placeholderData: keepPreviousData,
  });
}
