import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePlanBody, PlanChangePreview, PlanChangeResult } from "../../../common/contracts/billing";
import type { PaidTier } from "../../../common/tiers";
import { getJson, requestJson } from "../../lib/api-client";
import { viewerQueryKey } from "../session/api";

/** What choosing `plan` charges today (the server asks the provider); fetched afresh each time it is shown. */
export function usePlanChangePreview(plan: PaidTier, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ["billing", "plan-change-preview", plan],
    queryFn: () => getJson<PlanChangePreview>(`/api/billing/change-plan/preview?plan=${encodeURIComponent(plan)}`),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Upgrade now, downgrade at period end, or keep the current plan; refreshes the account view and the viewer's tier. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePlanBody) => requestJson<PlanChangeResult>("POST", "/api/billing/change-plan", body),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ["billing", "account"] }), queryClient.invalidateQueries({ queryKey: viewerQueryKey })]);
    },
  });
}
