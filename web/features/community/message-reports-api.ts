import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageReport, ReportedConversation } from "../../../common/contracts/messages";
import type { MESSAGE_REPORT_DECISIONS } from "../../../common/contracts/messages";
import { getJson, requestJson } from "../../lib/api-client";
import { communityKey } from "./feed-cache";

const messageReportsKey = [...communityKey, "message-reports"] as const;
export type MessageReportDecision = (typeof MESSAGE_REPORT_DECISIONS)[number];

/** Admins: the open reports of direct-message conversations, oldest first. */
export function useMessageReports() {
  return useQuery({ queryKey: messageReportsKey, queryFn: () => getJson<{ reports: MessageReport[] }>("/api/admin/message-reports") });
}

/** The reported conversation, read only when the admin opens it (and only while its report is open). */
export function useReportedConversation(reportId: number, open: boolean) {
  return useQuery({ queryKey: [...messageReportsKey, reportId], queryFn: () => getJson<ReportedConversation>(`/api/admin/message-reports/${reportId}`), enabled: open });
}

/** Dismiss the report, or hide the reported member's messages in that conversation. */
export function useMessageReportDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, decision }: { reportId: number; decision: MessageReportDecision }) => requestJson<null>("POST", `/api/admin/message-reports/${reportId}/decision`, { decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageReportsKey }),
  });
}
