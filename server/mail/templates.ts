/** Escapes text for safe inclusion in an HTML mail body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The password-reset mail (spec 000 §4): a single-use link valid for one hour. */
export function passwordResetMail(name: string, link: string) {
  const safeName = escapeHtml(name || "there");
  const safeLink = escapeHtml(link);
  return {
    subject: "Reset your Inventors Community password",
    text: `Hi ${name || "there"},\n\nWe received a request to reset your password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n`,
    html: `<p>Hi ${safeName},</p><p>We received a request to reset your password. Open this link within one hour to choose a new one:</p><p><a href="${safeLink}">Reset my password</a></p><p>If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
  };
}
