import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../../common/contracts/auth";
import { getJson } from "../../lib/api-client";

export const publicConfigQueryOptions = queryOptions({
  queryKey: ["config"],
  queryFn: () => getJson<PublicConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Public settings: social providers, whether /test-login is on, demo admin credentials. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
