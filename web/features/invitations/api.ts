import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AcceptedInvitation, AcceptInvitationInput, CreateInvitationInput, Invitation, InvitationPreview, InvitationsResponse } from "../../../common/contracts/invitations";
import { getJson, isClientError, requestJson } from "../../lib/api-client";
import { fetchViewer, setViewer } from "../session/api";

const invitationsKey = ["admin", "invitations"] as const;

export function useInvitations() {
  return useQuery({ queryKey: invitationsKey, queryFn: () => getJson<InvitationsResponse>("/api/admin/invitations") });
}

/** Create, resend and delete; each refreshes the list (which the server sorts). */
export function useInvitationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey });
  return {
    create: useMutation({
      mutationFn: (input: CreateInvitationInput) => requestJson<{ invitation: Invitation }>("POST", "/api/admin/invitations", input),
      onSettled: refresh,
    }),
    resend: useMutation({
      mutationFn: (invitation: Invitation) => requestJson<{ invitation: Invitation }>("POST", `/api/admin/invitations/${encodeURIComponent(invitation.id)}/resend`),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (invitation: Invitation) => requestJson<null>("DELETE", `/api/admin/invitations/${encodeURIComponent(invitation.id)}`),
      onSettled: refresh,
    }),
  };
}

const invitationUrl = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** What the link offers; a used, unknown (404) or expired (410) link is an answer, not worth retrying. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    queryFn: () => getJson<InvitationPreview>(invitationUrl(token)),
    enabled: token !== "",
    retry: (failures, error) => !isClientError(error) && failures < 2,
    staleTime: Infinity,
  });
}

/**
 * Creates the account. The answer signs the new member in; the viewer is read again before the
 * mutation settles, so the members area's guard sees the new session, not the old "signed out".
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => requestJson<AcceptedInvitation>("POST", `${invitationUrl(token)}/accept`, input),
    onSuccess: async () => setViewer(queryClient, await fetchViewer()),
  });
}
