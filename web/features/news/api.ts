import { useQuery } from "@tanstack/react-query";
import type { NewsResponse } from "../../../common/contracts/marketing";
import { getJson } from "../../lib/api-client";

/** Latest News from the server's cached, sanitized copy of the press feed (GET /api/news). */
export function useNews() {
  return useQuery({
    queryKey: ["news"],
    queryFn: () => getJson<NewsResponse>("/api/news"),
    staleTime: 5 * 60_000,
  });
}
