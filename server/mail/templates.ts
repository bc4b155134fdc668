/** Escapes text for safe inclusion in an HTML mail body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The password-reset mail (spec 000 §4): a single-use link valid for one hour, in the name of the community (Admin Settings). */
export function passwordResetMail(name: string, link: string, communityName: string) {
  const safeName = escapeHtml(name || "there");
  const safeLink = escapeHtml(link);
  return {
    subject: `Reset your ${communityName} password`,
    text: `Hi ${name || "there"},\n\nWe received a request to reset your ${communityName} password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n`,
    html: `<p>Hi ${safeName},</p><p>We received a request to reset your ${escapeHtml(communityName)} password. Open this link within one hour to choose a new one:</p><p><a href="${safeLink}">Reset my password</a></p><p>If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
  };
}

export interface InvitationMailContent {
  name: string;
  communityName: string;
  tierName: string;
  link: string;
  expiresAt: Date;
}

/** The invitation mail (spec 001 §2.5): who is invited, to which community and tier, and the single-use link. */
export function invitationMail({ name, communityName, tierName, link, expiresAt }: InvitationMailContent) {
  // UTC so the date printed is the date the link stops working wherever the server runs.
  const expiry = expiresAt.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const safe = { name: escapeHtml(name), community: escapeHtml(communityName), tier: escapeHtml(tierName), link: escapeHtml(link), expiry: escapeHtml(expiry) };
  return {
    subject: `You're invited to join ${communityName}`,
    text: `Hi ${name},\n\nYou have been invited to join ${communityName} with the ${tierName} membership.\n\nOpen this link to create your account:\n\n${link}\n\nThe link works once and expires on ${expiry}.\n`,
    html: `<p>Hi ${safe.name},</p><p>You have been invited to join ${safe.community} with the <strong>${safe.tier}</strong> membership.</p><p><a href="${safe.link}">Create my account</a></p><p>The link works once and expires on ${safe.expiry}. If the button does not work, copy this address into your browser:<br>${safe.link}</p>`,
  };
}
