import { DELETION_LINK_MINUTES } from "../../../common/contracts/account-data";
import { escapeHtml } from "../../mail/templates";

interface ExportReadyContent {
  name: string;
  communityName: string;
  /** The signed download link. */
  link: string;
  /** Where the same download is offered after signing in. */
  accountUrl: string;
  expiresAt: Date;
  sizeBytes: number;
}

const megabytes = (bytes: number) => `${Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;

/** The export is ready: its link works for this member, signed in, until it expires. */
export function exportReadyMail({ name, communityName, link, accountUrl, expiresAt, sizeBytes }: ExportReadyContent) {
  // UTC so the date printed is the date the link stops working wherever the server runs.
  const expiry = expiresAt.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const size = megabytes(sizeBytes);
  const safe = { name: escapeHtml(name || "there"), community: escapeHtml(communityName), link: escapeHtml(link), account: escapeHtml(accountUrl) };
  return {
    subject: `Your ${communityName} data is ready to download`,
    text: `Hi ${name || "there"},\n\nThe copy of your data you asked for is ready (${size}, a zip file). Download it here, in a browser where you are signed in to ${communityName}:\n\n${link}\n\nThe link works until ${expiry} (UTC). You can also sign in and download it from your Account page: ${accountUrl}\n\nIf you did not ask for this, sign in and change your password.\n`,
    html: `<p>Hi ${safe.name},</p><p>The copy of your data you asked for is ready (${size}, a zip file).</p><p><a href="${safe.link}">Download my data</a></p><p>Open the link in a browser where you are signed in to ${safe.community}. It works until ${escapeHtml(expiry)} (UTC). You can also sign in and download it from your <a href="${safe.account}">Account page</a>.</p><p>If you did not ask for this, sign in and change your password.</p>`,
  };
}

/** For accounts without a password: the single-use link that confirms the deletion. */
export function deletionLinkMail({ name, communityName, link }: { name: string; communityName: string; link: string }) {
  const safe = { name: escapeHtml(name || "there"), community: escapeHtml(communityName), link: escapeHtml(link) };
  return {
    subject: `Confirm deleting your ${communityName} account`,
    text: `Hi ${name || "there"},\n\nYou asked to delete your ${communityName} account. Open this link within ${DELETION_LINK_MINUTES} minutes, in the browser where you are signed in, and confirm:\n\n${link}\n\nDeleting is permanent. If you did not ask for this, ignore this email: nothing happens.\n`,
    html: `<p>Hi ${safe.name},</p><p>You asked to delete your ${safe.community} account. Open this link within ${DELETION_LINK_MINUTES} minutes, in the browser where you are signed in, and confirm:</p><p><a href="${safe.link}">Confirm deleting my account</a></p><p>Deleting is permanent. If you did not ask for this, ignore this email: nothing happens.</p>`,
  };
}
