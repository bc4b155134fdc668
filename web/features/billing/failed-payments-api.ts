import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FailedPaymentsResponse } from "../../../common/contracts/billing";
import { getJson, requestJson } from "../../lib/api-client";

const failedPaymentsKey = ["admin", "billing", "failed-payments"] as const;

/** Admin → Billing: every member whose renewal failed. */
export function useFailedPayments() {
  return useQuery({ queryKey: failedPaymentsKey, queryFn: () => getJson<FailedPaymentsResponse>("/api/admin/billing/failed-payments") });
}

/** Mails the member a payment-failed reminder now (the server allows one an hour). */
export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => requestJson<null>("POST", `/api/admin/billing/failed-payments/${encodeURIComponent(userId)}/remind`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedPaymentsKey }),
  });
}
