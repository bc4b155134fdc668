import type { Tier } from "../../../common/tiers";

/** What each plan includes, as marketing copy; access itself is decided by the server. */
export const PLAN_DETAILS: Record<Tier, { tagline: string; features: string[] }> = {
  free: {
    tagline: "Meet the community and see how members work.",
    features: [
      "Your own members dashboard",
      "Free templates and guides from the library",
      "Training videos open to all members",
      "Monthly mastermind session announcements",
    ],
  },
  inventor: {
    tagline: "For inventors turning an idea into a first product.",
    features: [
      "Everything in Free",
      "Inventor mastermind sessions",
      "Inventor resources: patents, prototypes, sourcing",
      "Inventor-level training videos",
      "Starter University courses",
    ],
  },
  entrepreneur: {
    tagline: "For founders testing the market and building sales.",
    features: [
      "Everything in Inventor",
      "Entrepreneur mastermind sessions",
      "Market Testing Workshop",
      "The full University course library",
      "Entrepreneur resources and training",
    ],
  },
  "brand-ceo": {
    tagline: "For Brand CEOs scaling a product line.",
    features: [
      "Everything in Entrepreneur",
      "VIP CEO Retreat",
      "Every mastermind, including VIP sessions",
      "Brand CEO-only resources and videos",
    ],
  },
};
