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

export interface PasswordChangedMailContent {
  name: string;
  email: string;
  communityName: string;
  /** "change": typed in Edit Profile with the old password; "reset": set through an emailed reset link. */
  via: "change" | "reset";
  changedAt: Date;
  /** "Chrome on Windows", or null when the request named no browser. */
  browser: string | null;
  address: string | null;
  /** The site, whose Log in dialog has "Forgot password?". */
  siteUrl: string;
}

/** Told after every password change and reset, so an owner learns at once when someone else took the account. */
export function passwordChangedMail({ name, email, communityName, via, changedAt, browser, address, siteUrl }: PasswordChangedMailContent) {
  // UTC so the time printed is the same wherever the server runs; the zone is named.
  const when = `${changedAt.toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" })} UTC`;
  const how = via === "reset" ? "with a password reset link sent to this address" : "from Edit Profile, with the old password";
  const from = [browser ? `Browser: ${browser}` : null, address ? `Address: ${address}` : null].filter((line): line is string => line !== null);
  const greeting = name || "there";
  const recover = `If it was not you, someone else may be using your account. Reset your password now: open ${siteUrl}, choose Log in, then "Forgot password?", and we will email a reset link to this address. A reset signs out every device.`;
  const safe = { name: escapeHtml(greeting), community: escapeHtml(communityName), email: escapeHtml(email), when: escapeHtml(when), how: escapeHtml(how), site: escapeHtml(siteUrl) };
  return {
    subject: `Your ${communityName} password was changed`,
    text: `Hi ${greeting},\n\nThe password of your ${communityName} account (${email}) was changed on ${when}, ${how}.\n${from.map((line) => `${line}\n`).join("")}\nIf this was you, there is nothing to do.\n\n${recover}\n`,
    html:
      `<p>Hi ${safe.name},</p><p>The password of your ${safe.community} account (${safe.email}) was changed on ${safe.when}, ${safe.how}.</p>` +
      (from.length > 0 ? `<p>${from.map(escapeHtml).join("<br>")}</p>` : "") +
      `<p>If this was you, there is nothing to do.</p><p>If it was not you, someone else may be using your account. Reset your password now: open <a href="${safe.site}">${safe.site}</a>, choose Log in, then &quot;Forgot password?&quot;, and we will email a reset link to this address. A reset signs out every device.</p>`,
  };
}

export interface PaymentFailedMailContent {
  name: string;
  communityName: string;
  planName: string;
  amountCents: number;
  /** The grace period's end: the plan drops to Free then unless the payment succeeds. */
  accessEndsAt: Date;
  /** The account page, where the card is updated. */
  link: string;
}

/** A dunning reminder: the renewal failed, what is owed, until when the plan is kept, and where to update the card. */
export function paymentFailedMail({ name, communityName, planName, amountCents, accessEndsAt, link }: PaymentFailedMailContent) {
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  const until = accessEndsAt.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const greeting = name || "there";
  const safe = { name: escapeHtml(greeting), community: escapeHtml(communityName), plan: escapeHtml(planName), until: escapeHtml(until), link: escapeHtml(link) };
  return {
    subject: `Your ${communityName} payment failed`,
    text: `Hi ${greeting},\n\nWe could not collect ${amount} for your ${planName} plan of ${communityName}. You keep your plan until ${until}; after that your account moves to the Free plan.\n\nUpdate your card here:\n\n${link}\n\nIf you have already updated it, you can ignore this email.\n`,
    html: `<p>Hi ${safe.name},</p><p>We could not collect ${amount} for your ${safe.plan} plan of ${safe.community}. You keep your plan until <strong>${safe.until}</strong>; after that your account moves to the Free plan.</p><p><a href="${safe.link}">Update my card</a></p><p>If you have already updated it, you can ignore this email.</p>`,
  };
}
