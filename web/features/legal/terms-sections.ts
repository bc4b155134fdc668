/** The terms' 13 numbered sections, in the order of spec 001 §2.11. */
export const TERMS_SECTION_TITLES = [
  "Accounts",
  "Subscriptions",
  "Free Trial",
  "Fee Changes",
  "Refunds",
  "Content",
  "Intellectual Property",
  "Links To Other Web Sites",
  "Termination",
  "Limitation Of Liability",
  "Disclaimer",
  "Governing Law",
  "Contact Us",
] as const;

export type TermsSectionTitle = (typeof TERMS_SECTION_TITLES)[number];
