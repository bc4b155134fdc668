import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Coupon } from "../../../common/contracts/billing";
import type { PaidTier } from "../../../common/tiers";
import { getJson, requestJson } from "../../lib/api-client";

const couponsKey = ["admin", "coupons"] as const;

export interface NewCoupon {
  code: string;
  discount: number;
  membershipTier: PaidTier;
  usageLimit: number;
  validUntil: string;
}

export function useCoupons() {
  return useQuery({ queryKey: couponsKey, queryFn: () => getJson<{ coupons: Coupon[] }>("/api/admin/coupons") });
}

/** Create, toggle and delete; each refreshes the list (which the server sorts). */
export function useCouponMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: couponsKey });
  return {
    create: useMutation({ mutationFn: (coupon: NewCoupon) => requestJson<{ coupon: Coupon }>("POST", "/api/admin/coupons", coupon), onSuccess: refresh }),
    toggle: useMutation({ mutationFn: (coupon: Coupon) => requestJson<{ coupon: Coupon }>("PATCH", `/api/admin/coupons/${coupon.id}`, { isActive: !coupon.isActive }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (coupon: Coupon) => requestJson<null>("DELETE", `/api/admin/coupons/${coupon.id}`), onSuccess: refresh }),
  };
}
