import { escapeHtml } from "../../mail/templates";

interface ApprovalMailInput {
  communityName: string;
  name: string;
  email: string;
  usersUrl: string;
}

/** To the notification address: a new self-registered account waits for an admin to activate it. */
export function awaitingApprovalMail({ communityName, name, email, usersUrl }: ApprovalMailInput) {
  return {
    subject: `${communityName}: a new account awaits approval`,
    text: `A new account awaits approval.\n\nName: ${name}\nEmail: ${email}\n\nIt stays inactive until an admin activates it in User Management:\n${usersUrl}\n`,
    html: `<p>A new account awaits approval.</p><p>Name: ${escapeHtml(name)}<br>Email: ${escapeHtml(email)}</p><p>It stays inactive until an admin activates it in <a href="${escapeHtml(usersUrl)}">User Management</a>.</p>`,
  };
}
