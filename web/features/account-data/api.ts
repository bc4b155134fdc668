import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountDataSummary, DeleteAccountBody } from "../../../common/contracts/account-data";
import { ApiError, getJson, requestJson } from "../../lib/api-client";

const summaryKey = ["account-data"] as const;

/** What the Your data and Delete account sections state: export size and delivery, how to confirm a deletion. */
export function useAccountData() {
  return useQuery({
    queryKey: summaryKey,
    queryFn: () => getJson<AccountDataSummary>("/api/me/data"),
    // While an export is being prepared, look again now and then so the download appears by itself.
    refetchInterval: (query) => (query.state.data?.export.prepared?.status === "preparing" ? 5000 : false),
  });
}

/**
 * Downloads a small account's export: fetched (so a refusal reads as the server's sentence, not as a
 * saved error page), then handed to the browser as a file under the name the server gave it.
 */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async () => {
      const response = await fetch("/api/me/data/export", { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        throw new ApiError(response.status, body?.error?.code ?? "HTTP_ERROR", body?.error?.message ?? "");
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "my-data.zip";
      saveFile(await response.blob(), name);
    },
  });
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Asks for a background export, mailed as a link when ready. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<{ message: string }>("POST", "/api/me/data/exports", {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: summaryKey }),
  });
}

/** Accounts without a password: mails the single-use link that confirms the deletion. */
export function useRequestDeletionLink() {
  return useMutation({ mutationFn: () => requestJson<{ message: string }>("POST", "/api/me/account/deletion-link", {}) });
}

/** Deletes the account (the server ends its sessions and clears this browser's cookie). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: DeleteAccountBody) => requestJson<{ deleted: true; message: string }>("POST", "/api/me/account/delete", body) });
}

