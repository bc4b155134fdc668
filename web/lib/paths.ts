import type { PaidTier } from "../../common/tiers";

/** Every route of the web app, in one place (spec 000 §2, 001 §2.1). */
export const paths = {
  home: "/",
  pricing: "/#pricing",
  university: "/university",
  mastermind: "/mastermind",
  services: "/services",
  brands: "/brands",
  inTheNews: "/in-the-news",
  about: "/about",
  contact: "/contact",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  checkout: (plan: PaidTier) => `/checkout/${plan}`,
  resetPassword: "/reset-password",
  authCallback: "/auth/callback",
  testLogin: "/test-login",
  members: {
    root: "/members",
    mastermind: "/members/mastermind",
    community: "/members/community",
    resources: "/members/resources",
    training: "/members/training",
    account: "/members/account",
  },
  admin: {
    root: "/admin",
    users: "/admin/users",
    content: "/admin/content",
    media: "/admin/media",
    email: "/admin/email",
    settings: "/admin/settings",
  },
} as const;
