import { useMutation, useQueryClient } from "@tanstack/react-query";
import { setViewer, viewerQueryKey } from "./api";
import { PUBLIC_PAGES_CACHE } from "../app-install/offline-rules";

// Its own module: the mutation machinery stays out of the home page's first script.
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
      // Public pages kept for offline use were rendered for this member (their name in the header).
      if (typeof caches !== "undefined") void caches.delete(PUBLIC_PAGES_CACHE);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== viewerQueryKey[0] && query.queryKey[0] !== "config" });
    },
    // If signing out failed we no longer know the session state: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}
