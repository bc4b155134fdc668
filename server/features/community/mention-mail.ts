import { escapeHtml } from "../../mail/templates";
import type { MailMessage } from "../../mail/mailer";

export interface MentionMail {
  to: { name: string; email: string };
  authorName: string;
  kind: "post" | "reply";
  excerpt: string;
  communityUrl: string;
  unsubscribeUrl: string;
  communityName: string;
}

/** "X mentioned you": what they wrote, a link to the community, and the one-click way out. */
export function mentionMail({ to, authorName, kind, excerpt, communityUrl, unsubscribeUrl, communityName }: MentionMail): MailMessage {
  const where = kind === "post" ? "a post" : "a reply";
  const intro = `Hi ${to.name || "there"},\n\n${authorName} mentioned you in ${where} in ${communityName}:`;
  const footer = `You get this email because someone mentioned you. Stop mention emails: ${unsubscribeUrl} (or turn them off on your Account page).`;
  return {
    to: to.email,
    subject: `${authorName} mentioned you in ${communityName}`,
    text: `${intro}\n\n"${excerpt}"\n\nRead and reply: ${communityUrl}\n\n${footer}\n`,
    html:
      `<p>${escapeHtml(intro).replace(/\n/g, "<br>")}</p><blockquote>${escapeHtml(excerpt)}</blockquote>` +
      `<p><a href="${escapeHtml(communityUrl)}">Read and reply</a></p>` +
      `<p style="font-size:12px;color:#666">You get this email because someone mentioned you. <a href="${escapeHtml(unsubscribeUrl)}">Stop mention emails</a> or turn them off on your Account page.</p>`,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
