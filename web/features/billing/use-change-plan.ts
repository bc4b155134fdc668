import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaidTier } from "../../../common/tiers";
import { requestJson } from "../../lib/api-client";
import { viewerQueryKey } from "../session/api";

/** Upgrade now or downgrade at period end; refreshes the account view and the viewer's tier. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PaidTier) => requestJson<{ takesEffect: "now" | "period_end" }>("POST", "/api/billing/change-plan", { plan }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ["billing", "account"] }), queryClient.invalidateQueries({ queryKey: viewerQueryKey })]);
    },
  });
}
