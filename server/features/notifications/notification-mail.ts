import { TOPIC_LABELS, type Notification, type NotificationTopic } from "../../../common/contracts/notifications";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/templates";

export interface MailedNotification extends Notification {
  topic: NotificationTopic;
}

interface Recipient {
  name: string;
  email: string;
}

const absolute = (baseUrl: string, link: string) => new URL(link, baseUrl).toString();

function listUnsubscribe(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function itemText(baseUrl: string, item: Notification): string {
  return `${item.text}${item.excerpt ? `\n"${item.excerpt}"` : ""}\n${absolute(baseUrl, item.link)}`;
}

function itemHtml(baseUrl: string, item: Notification): string {
  const excerpt = item.excerpt ? `<br><span style="color:#555">${escapeHtml(item.excerpt)}</span>` : "";
  return `<li style="margin:0 0 12px"><a href="${escapeHtml(absolute(baseUrl, item.link))}"><strong>${escapeHtml(item.text)}</strong></a>${excerpt}</li>`;
}

/** "Email at once": one notification, a link to its place, and the one-click way back to the app only. */
export function notificationMail({ to, item, communityName, baseUrl, unsubscribeUrl }: { to: Recipient; item: MailedNotification; communityName: string; baseUrl: string; unsubscribeUrl: string }): MailMessage {
  const kind = TOPIC_LABELS[item.topic].title.toLowerCase();
  const footer = `You get this email because you chose email for ${kind} in ${communityName}. Stop these emails (they stay in the app): ${unsubscribeUrl}`;
  return {
    to: to.email,
    subject: item.text,
    text: `Hi ${to.name || "there"},\n\n${itemText(baseUrl, item)}\n\n${footer}\n`,
    html:
      `<p>Hi ${escapeHtml(to.name || "there")},</p><ul style="padding-left:18px">${itemHtml(baseUrl, item)}</ul>` +
      `<p style="font-size:12px;color:#666">You get this email because you chose email for ${escapeHtml(kind)} in ${escapeHtml(communityName)}. <a href="${escapeHtml(unsubscribeUrl)}">Stop these emails</a> (they stay in the app).</p>`,
    headers: listUnsubscribe(unsubscribeUrl),
  };
}

export interface DigestSection {
  topic: NotificationTopic;
  items: MailedNotification[];
  unsubscribeUrl: string;
}

/** The daily or weekly digest: what the member missed, grouped by kind, each kind with its own way out. */
export function digestMail({ to, period, sections, communityName, baseUrl, unsubscribeAllUrl }: { to: Recipient; period: "daily" | "weekly"; sections: DigestSection[]; communityName: string; baseUrl: string; unsubscribeAllUrl: string }): MailMessage {
  const count = sections.reduce((sum, section) => sum + section.items.length, 0);
  const when = period === "daily" ? "today" : "this week";
  const subject = `${count} new in ${communityName} ${when}`;
  const textSections = sections.map(
    (section) => `${TOPIC_LABELS[section.topic].title}\n\n${section.items.map((item) => itemText(baseUrl, item)).join("\n\n")}\n\n(Stop these in the digest: ${section.unsubscribeUrl})`,
  );
  const htmlSections = sections.map(
    (section) =>
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(TOPIC_LABELS[section.topic].title)}</h2><ul style="padding-left:18px">${section.items.map((item) => itemHtml(baseUrl, item)).join("")}</ul>` +
      `<p style="font-size:12px"><a href="${escapeHtml(section.unsubscribeUrl)}">Stop ${escapeHtml(TOPIC_LABELS[section.topic].title.toLowerCase())} in the digest</a></p>`,
  );
  const footer = `You get this ${period} digest because you chose it on your Account page in ${communityName}.`;
  return {
    to: to.email,
    subject,
    text: `Hi ${to.name || "there"},\n\nHere is what you missed ${when}.\n\n${textSections.join("\n\n")}\n\n${footer} Stop all of it: ${unsubscribeAllUrl}\n`,
    html:
      `<p>Hi ${escapeHtml(to.name || "there")},</p><p>Here is what you missed ${when}.</p>${htmlSections.join("")}` +
      `<p style="font-size:12px;color:#666">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeAllUrl)}">Stop this digest</a>.</p>`,
    headers: listUnsubscribe(unsubscribeAllUrl),
  };
}
