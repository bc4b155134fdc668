import { isTier, PLANS } from "../../../common/tiers";
import { escapeHtml } from "../../mail/templates";

export interface Recipient {
  name: string;
  email: string;
  tier: string;
}

const PLACEHOLDER = /\{\{\s*(name|email|tier)\s*\}\}/g;

function values(recipient: Recipient): Record<"name" | "email" | "tier", string> {
  // Fallbacks from spec 001 §3: a missing name reads 'Valued Member', a missing tier 'Free'.
  return { name: recipient.name.trim() || "Valued Member", email: recipient.email, tier: isTier(recipient.tier) ? PLANS[recipient.tier].name : "Free" };
}

/** Fills {{name}}, {{email}}, {{tier}} in an HTML body, each value escaped (a name is text, never markup). */
export function fillHtml(template: string, recipient: Recipient): string {
  const filled = values(recipient);
  return template.replace(PLACEHOLDER, (_match, key: keyof typeof filled) => escapeHtml(filled[key]));
}

/** Fills a header (the subject): values lose their line breaks so none can add a header. */
export function fillHeader(template: string, recipient: Recipient): string {
  const filled = values(recipient);
  return template.replace(PLACEHOLDER, (_match, key: keyof typeof filled) => filled[key].replace(/[\r\n]+/g, " ")).replace(/[\r\n]+/g, " ");
}
