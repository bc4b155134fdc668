import { MODERATION_AUDIT_LABELS } from "../../../common/contracts/community";
import { COURSE_AUDIT_LABELS } from "../../../common/contracts/courses";
import { PEOPLE_AUDIT_LABELS } from "../../../common/contracts/people";
import { MESSAGE_AUDIT_LABELS } from "../../../common/contracts/messages";
import type { AuditAction } from "../../../common/contracts/users";
import { TIER_BADGES, isTier } from "../../../common/tiers";

/** The contract's action names (AUDIT_ACTION_LABELS), typed against its list so a new action cannot go unnamed. */
const ACTION_LABELS: Record<AuditAction, string> = {
  "create-user": "Created account",
  "change-tier": "Changed tier",
  "change-role": "Changed role",
  "change-status": "Changed status",
  "delete-user": "Deleted account",
  "upload-media": "Uploaded file",
  "add-youtube": "Added YouTube video",
  "update-media": "Changed media item",
  "delete-media": "Deleted media item",
  "create-media-folder": "Created media folder",
  "handle-call-request": "Handled call request",
  "delete-own-account": "Deleted own account",
  ...MODERATION_AUDIT_LABELS,
  ...COURSE_AUDIT_LABELS,
  ...PEOPLE_AUDIT_LABELS,
  ...MESSAGE_AUDIT_LABELS,
};

export function auditActionLabel(action: AuditAction): string {
  return ACTION_LABELS[action];
}

/** Field names as the log shows them, in the order it lists them. */
const FIELD_LABELS: Record<string, string> = {
  membershipTier: "Tier",
  tierOverride: "Granted tier",
  role: "Role",
  isActive: "Status",
  name: "Name",
  email: "Email",
  // A member's deletion of their own account: what became of their posts and uploads.
  posts: "Posts and replies",
  uploadsRemoved: "Uploads removed",
  // The course builder's modules and lessons.
  title: "Title",
  kind: "Type",
  minutes: "Minutes",
  file: "File",
  text: "Text",
  lessons: "Lessons",
  position: "Position",
  // An admin hid or restored a member profile's text.
  textHidden: "Profile text hidden",
};

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (key === "isActive" && typeof value === "boolean") return value ? "Active" : "Inactive";
  if (isTier(value)) return TIER_BADGES[value];
  if (key === "role" && typeof value === "string") return value === "admin" ? "Admin" : "User";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export type AuditChange = { field: string; before: string | null; after: string | null };

/** What an entry changed, field by field; fields that stayed the same are left out. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = asRecord(before);
  const is = asRecord(after);
  const known = Object.keys(FIELD_LABELS);
  const rank = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])].sort((a, b) => rank(a) - rank(b));
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
    .map((key) => ({
      field: FIELD_LABELS[key] ?? key,
      before: key in was ? valueText(key, was[key]) : null,
      after: key in is ? valueText(key, is[key]) : null,
    }));
}

const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

/** "March 3, 2025 at 4:05 PM"; N/A when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? "N/A" : DATE_TIME.format(new Date(time));
}
