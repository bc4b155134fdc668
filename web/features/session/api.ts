import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { MeResponse, Profile } from "../../../common/contracts/auth";
import { getJson } from "../../lib/api-client";

export const viewerQueryKey = ["me"] as const;

/** Reads the signed-in member (null when signed out) straight from the server. */
export async function fetchViewer(): Promise<Profile | null> {
  const response = await getJson<MeResponse>("/api/me");
  return response.user;
}

export const viewerQueryOptions = queryOptions({
  queryKey: viewerQueryKey,
  queryFn: fetchViewer,
  staleTime: 30_000,
});

/** The signed-in member, or null; `isPending` while the session loads. */
export function useViewer() {
  return useQuery(viewerQueryOptions);
}

/** Stores a freshly read viewer so every screen switches at once (after sign-in). */
export function setViewer(queryClient: QueryClient, viewer: Profile | null): void {
  queryClient.setQueryData(viewerQueryKey, viewer);
}

/** True for a signed-in, active account (the members area's rule). */
export function isActiveMember(viewer: Profile | null | undefined): viewer is Profile {
  return Boolean(viewer?.isActive);
}

/** True for a signed-in, active admin (the admin area's rule). */
export function isAdmin(viewer: Profile | null | undefined): viewer is Profile {
  return Boolean(viewer?.isActive && viewer.role === "admin");
}
