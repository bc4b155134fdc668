import type { CallRequest } from "../../../common/contracts/call-requests";
import { escapeHtml } from "../../mail/templates";

/** To every active admin: who asked for a call, how to reach them, when, and about what. */
export function callRequestMail(request: CallRequest, communityName: string, listUrl: string) {
  const lines: Array<[string, string]> = [
    ["Name", request.name],
    ["Email", request.email],
    ["Phone", request.phone],
    ["Preferred times", request.preferredTimes],
    ["Topic", request.topic],
  ];
  return {
    subject: `${communityName}: ${request.name} asks for a call`,
    text: `A visitor asked for a call on the Schedule a Call page.\n\n${lines.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\nMark it handled in the admin area once you have called:\n${listUrl}\n`,
    html: `<p>A visitor asked for a call on the Schedule a Call page.</p><p>${lines.map(([label, value]) => `${label}: ${escapeHtml(value)}`).join("<br>")}</p><p>Mark it handled in the <a href="${escapeHtml(listUrl)}">admin area</a> once you have called.</p>`,
  };
}

/**
 * To the address the visitor gave: that the request arrived and what happens next. Fixed words only
 * (nothing the form's fields hold), so the form cannot be used to send someone else a message.
 */
export function callRequestConfirmationMail(communityName: string) {
  const text = `Thank you for asking ${communityName} for a call. We received your request and will call you at one of the times you gave; calls last about 20 minutes. Have your reference number ready.`;
  const ignore = "If you did not ask for a call, you can ignore this email.";
  return {
    subject: `${communityName}: we received your request for a call`,
    text: `${text}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(text)}</p><p>${escapeHtml(ignore)}</p>`,
  };
}
