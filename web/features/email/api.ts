import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkSendProgress, EmailErrorEntry, EmailPreview, EmailPreviewInput, EmailStatus, EmailTemplate, EmailTemplateInput, MailTransportName, SendEmailInput } from "../../../common/contracts/email";
import { getJson, requestJson } from "../../lib/api-client";

const statusKey = ["email", "status"] as const;
const templatesKey = ["email", "templates"] as const;
const errorsKey = ["email", "errors"] as const;

export function useEmailStatus() {
  return useQuery({ queryKey: statusKey, queryFn: () => getJson<EmailStatus>("/api/admin/email/status") });
}

function useStatusMutation<Input>(request: (input: Input) => Promise<EmailStatus>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (status) => queryClient.setQueryData(statusKey, status) });
}

export function useChooseTransport() {
  return useStatusMutation((transport: MailTransportName | null) => requestJson<EmailStatus>("PUT", "/api/admin/email/transport", { transport }));
}

/** The consent page's address (the server signs its state). */
export function fetchConsentUrl(): Promise<string> {
  return requestJson<{ url: string }>("POST", "/api/admin/email/gmail/consent", {}).then((answer) => answer.url);
}

export function useAuthorizeGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; state?: string }) => requestJson<EmailStatus>("POST", "/api/admin/email/gmail/authorize", input),
    onSuccess: (status) => queryClient.setQueryData(statusKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: errorsKey }),
  });
}

export function useResetGmail() {
  return useStatusMutation(() => requestJson<EmailStatus>("DELETE", "/api/admin/email/gmail"));
}

/** Reloads the status after another window (/callback) authorized Gmail. */
export function useRefreshEmailStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statusKey });
}

export function useSendSingleEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendEmailInput) => requestJson<{ sent: true; delivered: boolean }>("POST", "/api/admin/email/send", input),
    // A failed send may have found the Gmail authorization revoked: the status says so at once.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: errorsKey }), queryClient.invalidateQueries({ queryKey: statusKey })]),
  });
}

export function useTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: () => getJson<{ templates: EmailTemplate[] }>("/api/admin/email/templates").then((answer) => answer.templates) });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: EmailTemplateInput & { id?: string }) =>
      id ? requestJson<EmailTemplate>("PUT", `/api/admin/email/templates/${id}`, input) : requestJson<EmailTemplate>("POST", "/api/admin/email/templates", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestJson<null>("DELETE", `/api/admin/email/templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useErrorLog() {
  return useQuery({ queryKey: errorsKey, queryFn: () => getJson<{ entries: EmailErrorEntry[] }>("/api/admin/email/errors").then((answer) => answer.entries) });
}

export function useClearErrorLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<null>("DELETE", "/api/admin/email/errors"),
    onSuccess: () => queryClient.setQueryData(errorsKey, []),
  });
}

/** A bulk send's progress, polled every second until it ends. */
export function useBulkSendProgress(sendId: string | null) {
  return useQuery({
    queryKey: ["email", "bulk", sendId],
    queryFn: () => getJson<BulkSendProgress>(`/api/admin/email/bulk/${sendId}`),
    enabled: sendId !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== "sending" ? false : 1000),
  });
}

export function useCancelBulkSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sendId: string) => requestJson<BulkSendProgress>("POST", `/api/admin/email/bulk/${sendId}/cancel`, {}),
    onSuccess: (progress) => queryClient.setQueryData(["email", "bulk", progress.id], progress),
  });
}

/** The subject and body as a member receives them, filled with sample values (POST /api/admin/email/preview). */
export function usePreviewEmail() {
  return useMutation({ mutationFn: (input: EmailPreviewInput) => requestJson<EmailPreview>("POST", "/api/admin/email/preview", input) });
}
