/** Membership tiers in access order: free < inventor < entrepreneur < brand-ceo (spec 000 §1). */
export const TIERS = ["free", "inventor", "entrepreneur", "brand-ceo"] as const;
export type Tier = (typeof TIERS)[number];

export const PAID_TIERS = ["inventor", "entrepreneur", "brand-ceo"] as const satisfies readonly Tier[];
export type PaidTier = (typeof PAID_TIERS)[number];

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Sidebar badge text per tier (spec 000 §2, members area). */
export const TIER_BADGES: Record<Tier, string> = {
  free: "Free Member",
  inventor: "Inventor",
  entrepreneur: "Entrepreneur",
  "brand-ceo": "Brand CEO",
};

/** Marketing plan names and monthly prices in cents (spec 000 §9). */
export const PLANS: Record<Tier, { name: string; priceCents: number }> = {
  free: { name: "Free", priceCents: 0 },
  inventor: { name: "Inventor", priceCents: 9900 },
  entrepreneur: { name: "Entrepreneur", priceCents: 24900 },
  "brand-ceo": { name: "Brand CEO", priceCents: 49900 },
};

/** Position of a tier in the access order; higher sees more. */
export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export function isTier(value: unknown): value is Tier {
  return typeof value === "string" && (TIERS as readonly string[]).includes(value);
}
