import { MODERATION_MESSAGES } from "../../../common/contracts/community";
import { escapeHtml } from "../../mail/templates";
import type { MailMessage } from "../../mail/mailer";

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, "<br>")}</p>`)
    .join("");

/** The admin's warning, as written, with who sent it. */
export function warningMail(to: { name: string; email: string }, message: string, communityName: string): MailMessage {
  const intro = `Hi ${to.name || "there"},\n\nA moderator of ${communityName} sends you a warning about your posts in the community:`;
  const outro = "Please keep to the community guidelines. Repeated problems can lead to a suspension.";
  return {
    to: to.email,
    subject: `${communityName}: a warning from the moderators`,
    text: `${intro}\n\n${message}\n\n${outro}\n`,
    html: `${paragraphs(intro)}<blockquote>${paragraphs(message)}</blockquote>${paragraphs(outro)}`,
  };
}

/** The suspension with its end, as the community page will also say it. */
export function suspensionMail(to: { name: string; email: string }, message: string, untilText: string, communityName: string): MailMessage {
  const intro = `Hi ${to.name || "there"},\n\nA moderator of ${communityName} has suspended you from the community until ${untilText}. Until then you cannot post, reply or like; you can still read and use everything else. The moderator's message:`;
  return {
    to: to.email,
    subject: `${communityName}: you are suspended from the community until ${untilText}`,
    text: `${intro}\n\n${message}\n`,
    html: `${paragraphs(intro)}<blockquote>${paragraphs(message)}</blockquote>`,
  };
}

/** Flags hid the member's post or reply: what happened, what they can do, and where to see it. */
export function hiddenByFlagsMail(to: { name: string; email: string }, kind: "post" | "reply", excerpt: string, communityUrl: string, communityName: string): MailMessage {
  const intro = `Hi ${to.name || "there"},\n\n${MODERATION_MESSAGES.hiddenForReview(kind)}\n\nYour ${kind}:`;
  return {
    to: to.email,
    subject: `${communityName}: your ${kind} is hidden until a moderator reviews it`,
    text: `${intro}\n\n"${excerpt}"\n\nSee it in the community: ${communityUrl}\n`,
    html: `${paragraphs(intro)}<blockquote>${paragraphs(excerpt)}</blockquote><p><a href="${escapeHtml(communityUrl)}">See it in the community</a></p>`,
  };
}
