import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfirmImportInput, MemberImport } from "../../../common/contracts/member-transfer";
import { ApiError, getJson, requestJson } from "../../lib/api-client";

const importKey = (id: string) => ["admin", "member-imports", id] as const;
/** The progress bar moves this often while the import or its mails are running. */
const POLL_MS = 1000;

/** Sends the file as the form's file field; the answer is the dry run. */
async function uploadMembersFile(file: File): Promise<MemberImport> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/admin/member-imports", { method: "POST", body: form, credentials: "same-origin", headers: { Accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | MemberImport | null;
  if (response.ok && body && !("error" in body)) return body as MemberImport;
  const error = body && "error" in body ? body.error : undefined;
  throw new ApiError(response.status, error?.code ?? "UPLOAD_FAILED", error?.message ?? "The file could not be uploaded. Please try again.");
}

export const isImportRunning = (state: MemberImport) => state.status === "running" || (state.status === "done" && state.invitesSent + state.invitesFailed < state.created);

export function useUploadMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMembersFile, onSuccess: (state) => queryClient.setQueryData(importKey(state.id), state) });
}

/** The import's state, polled while it runs; the list of users refreshes once it is done. */
export function useMemberImport(id: string | null) {
  return useQuery({
    queryKey: importKey(id ?? ""),
    queryFn: () => getJson<MemberImport>(`/api/admin/member-imports/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isImportRunning(query.state.data) ? POLL_MS : false),
  });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConfirmImportInput }) => requestJson<MemberImport>("POST", `/api/admin/member-imports/${id}/confirm`, input),
    onSuccess: (state) => queryClient.setQueryData(importKey(state.id), state),
  });
}

/** What the Export CSV link downloads: every account the search matches. */
export const exportHref = (search: string) => `/api/admin/users/export.csv?search=${encodeURIComponent(search)}`;
