import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountBillingResponse, CheckoutConfirmation } from "../../../common/contracts/billing";
import type { PaidTier } from "../../../common/tiers";
import { getJson, requestJson } from "../../lib/api-client";
import { useIdempotencyKeys } from "../../lib/idempotency-keys";
import { viewerQueryKey } from "../session/api";

export interface LocalCheckout {
  id: string;
  plan: PaidTier;
  planName: string;
  priceCents: number;
  discountPercent: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  status: "open" | "complete";
}

const accountKey = ["billing", "account"] as const;

/** The account page's subscription view and invoices (only for a signed-in member: pass `enabled`). */
export function useAccountBilling(enabled = true) {
  return useQuery({ queryKey: accountKey, queryFn: () => getJson<AccountBillingResponse>("/api/billing/account"), enabled });
}

/** Checks a coupon for a plan; the server answers the percent or 'Invalid coupon code'. */
export function useValidateCoupon() {
  return useMutation({
    mutationFn: (input: { code: string; membershipTier: PaidTier }) => requestJson<{ discount: number }>("POST", "/api/billing/coupons/validate", input),
  });
}

/** Opens a checkout for a plan (and coupon code); the server prices it and answers where to pay. */
export function useStartCheckout() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: { plan: PaidTier; couponCode?: string }) => requestJson<{ url: string }>("POST", "/api/billing/checkout", input, [], keys.headerFor(input)),
    onSuccess: (_answer, input) => keys.succeeded(input),
  });
}

/** Confirms a checkout with the provider; the viewer's tier is refreshed once it is paid. */
export function useCheckoutConfirmation(sessionId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["billing", "checkout", sessionId],
    enabled: sessionId !== null,
    retry: 3,
    retryDelay: 1500,
    queryFn: async () => {
      const confirmation = await getJson<CheckoutConfirmation>(`/api/billing/checkout/${encodeURIComponent(sessionId ?? "")}`);
      await queryClient.invalidateQueries({ queryKey: viewerQueryKey });
      return confirmation;
    },
  });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: () => requestJson<{ url: string }>("POST", "/api/billing/portal", {}) });
}

export function useLocalCheckout(sessionId: string) {
  return useQuery({ queryKey: ["billing", "local-checkout", sessionId], queryFn: () => getJson<LocalCheckout>(`/api/billing/local/checkout/${encodeURIComponent(sessionId)}`), retry: false });
}

export function usePayLocalCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (cardNumber: string) => requestJson<{ successUrl: string }>("POST", `/api/billing/local/checkout/${encodeURIComponent(sessionId)}/pay`, { cardNumber }),
  });
}

/** Leaving the test checkout: it can no longer be paid and gives its coupon use back. */
export function useCancelLocalCheckout(sessionId: string) {
  return useMutation({ mutationFn: () => requestJson<null>("POST", `/api/billing/local/checkout/${encodeURIComponent(sessionId)}/cancel`, {}) });
}

export type PortalRequest = { action: "cancel" } | { action: "resume" } | { action: "update-card"; cardNumber: string } | { action: "change-plan"; plan: PaidTier };

/** A local portal action; answers the refreshed account view and refreshes the viewer's tier. */
export function usePortalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PortalRequest) => requestJson<AccountBillingResponse>("POST", "/api/billing/local/portal", request),
    onSuccess: async (account) => {
      queryClient.setQueryData(accountKey, account);
      await queryClient.invalidateQueries({ queryKey: viewerQueryKey });
    },
  });
}
