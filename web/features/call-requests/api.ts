import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CallRequest, CallRequestInput, CallRequestsResponse } from "../../../common/contracts/call-requests";
import { getJson, requestJson } from "../../lib/api-client";

const callRequestsKey = ["admin", "call-requests"] as const;

/** POST /api/call-requests: a visitor asks for a call back. */
export function useRequestCall() {
  return useMutation({ mutationFn: (input: CallRequestInput) => requestJson<{ callRequest: CallRequest }>("POST", "/api/call-requests", input) });
}

/** The admins' list: open requests first, newest first. */
export function useCallRequests() {
  return useQuery({ queryKey: callRequestsKey, queryFn: () => getJson<CallRequestsResponse>("/api/admin/call-requests") });
}

/** Marks a request handled; the list is read afresh (it moves below the open ones). */
export function useMarkCallRequestHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestJson<{ callRequest: CallRequest }>("POST", `/api/admin/call-requests/${encodeURIComponent(id)}/handled`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callRequestsKey }),
  });
}
