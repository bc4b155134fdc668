import { PLANS, type Tier } from "../../../common/tiers";
import { escapeHtml } from "../../mail/templates";

export interface WelcomeMailContent {
  name: string;
  communityName: string;
  tier: Tier;
  /** The complimentary period's end, for a paid tier. */
  complimentaryUntil: Date | null;
  link: string;
  expiresAt: Date;
}

const longDate = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The mail an imported member gets: their account exists, and the link sets its first password. */
export function welcomeMail({ name, communityName, tier, complimentaryUntil, link, expiresAt }: WelcomeMailContent) {
  const plan = complimentaryUntil && tier !== "free" ? `Your ${PLANS[tier].name} membership is complimentary until ${longDate(complimentaryUntil)}.` : `Your membership: ${PLANS[tier].name}.`;
  const expiry = longDate(expiresAt);
  return {
    subject: `Your ${communityName} account is ready: set your password`,
    text: `Hi ${name},\n\n${communityName} has moved to a new home, and your account is ready. ${plan}\n\nOpen this link to choose your password and sign in:\n\n${link}\n\nThe link works until ${expiry}; after that, use "Forgot password?" on the sign-in page.\n`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(communityName)} has moved to a new home, and your account is ready. ${escapeHtml(plan)}</p><p><a href="${escapeHtml(link)}">Set my password</a></p><p>The link works until ${escapeHtml(expiry)}; after that, use "Forgot password?" on the sign-in page. If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
  };
}
