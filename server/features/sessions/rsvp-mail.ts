import type { MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/templates";
import { calendarFileName, sessionCalendar } from "./session-calendar";
import { formatSessionDate } from "./session-time";
import type { SessionRow } from "./sessions.service";

/**
 * "You're going": the session's day, time and place, its join link (the member's tier admits the
 * session, or they could not have said yes) and the event as an .ics file for their calendar.
 */
export function rsvpMail({ to, session, communityName, sessionsUrl, now }: { to: { name: string; email: string }; session: SessionRow; communityName: string; sessionsUrl: string; now: Date }): MailMessage {
  const when = `${formatSessionDate(session.date)}, ${session.time}`;
  const join = session.joinUrl ? `Join here: ${session.joinUrl}` : "The join link will be on the Mastermind Sessions page before the session starts.";
  const reminders = "We'll remind you 24 hours and 1 hour before. Can't make it? Withdraw on the Mastermind Sessions page.";
  return {
    to: to.email,
    subject: `You're going: ${session.title}`,
    text: `Hi ${to.name || "there"},\n\nYou're going to ${session.title} in ${communityName}.\n\nWhen: ${when}\nWhere: ${session.location}\n${join}\n\n${reminders}\n${sessionsUrl}\n`,
    html:
      `<p>Hi ${escapeHtml(to.name || "there")},</p><p>You're going to <strong>${escapeHtml(session.title)}</strong> in ${escapeHtml(communityName)}.</p>` +
      `<p>When: ${escapeHtml(when)}<br>Where: ${escapeHtml(session.location)}</p>` +
      (session.joinUrl ? `<p><a href="${escapeHtml(session.joinUrl)}">Join the session</a></p>` : `<p>${escapeHtml(join)}</p>`) +
      `<p>${escapeHtml(reminders)} <a href="${escapeHtml(sessionsUrl)}">Mastermind Sessions</a></p>`,
    attachments: [{ filename: calendarFileName(session), content: sessionCalendar(session, now), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}
