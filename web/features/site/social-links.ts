/**
 * The company's social profiles, shown in the footer. The spec names "social links" without
 * addresses: replace these platform addresses with the company's own profile pages.
 */
export const SOCIAL_LINKS = [
  { id: "facebook", label: "Facebook", href: "https://www.facebook.com/" },
  { id: "instagram", label: "Instagram", href: "https://www.instagram.com/" },
  { id: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/" },
  { id: "youtube", label: "YouTube", href: "https://www.youtube.com/" },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]["id"];
