import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
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

/** Signs out, then forgets the viewer and every member-only query. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Loaded on demand: better-auth's client is not part of the home page's first script.
      const { authClient } = await import("../../lib/auth-client");
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? "Sign out failed");
    },
    onSuccess: () => {
      setViewer(queryClient, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== viewerQueryKey[0] && query.queryKey[0] !== "config" });
    },
    // If signing out failed we no longer know the session state: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}

/** True for a signed-in, active account (the members area's rule). */
export function isActiveMember(viewer: Profile | null | undefined): viewer is Profile {
  return Boolean(viewer?.isActive);
}

/** True for a signed-in, active admin (the admin area's rule). */
export function isAdmin(viewer: Profile | null | undefined): viewer is Profile {
  return Boolean(viewer?.isActive && viewer.role === "admin");
}
