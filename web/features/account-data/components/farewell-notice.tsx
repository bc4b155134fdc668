import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { setViewer, viewerQueryKey } from "../../session/api";

/** Router state a page leaves for the next one when the account it belonged to was deleted. */
export interface FarewellState {
  farewell: string;
}

const isFarewell = (state: unknown): state is FarewellState => typeof state === "object" && state !== null && typeof (state as { farewell?: unknown }).farewell === "string";

/**
 * The home page's "your account has been deleted" line, shown once, right after the deletion. Plain
 * markup (no icon library): it sits in the public layout, whose script every visitor loads first.
 */
export function FarewellNotice() {
  const state: unknown = useLocation().state;
  const queryClient = useQueryClient();
  const isAfterDeletion = isFarewell(state);

  // The deleted member's session is gone on the server: this browser forgets them and every member-only answer.
  useEffect(() => {
    if (!isAfterDeletion) return;
    setViewer(queryClient, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== viewerQueryKey[0] && query.queryKey[0] !== "config" });
  }, [isAfterDeletion, queryClient]);

  if (!isFarewell(state)) return null;
  return (
    <div role="status" className="border-b border-success/25 bg-success-soft">
      <p className="mx-auto max-w-7xl px-4 py-3 text-sm font-medium text-success sm:px-6 lg:px-8">{state.farewell}</p>
    </div>
  );
}
