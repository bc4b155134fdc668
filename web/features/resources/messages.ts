import { PLANS, type PaidTier } from "../../../common/tiers";

/** Texts of the resource library beyond CONTENT_MESSAGES. */
export const RESOURCE_PAGE_MESSAGES = {
  requiresPlan: (plan: PaidTier) => `Requires the ${PLANS[plan].name} plan`,
  noFile: "The file for this resource is on its way.",
  sampleNotice: "Downloads are unavailable until the library loads again.",
} as const;
