import { z } from "zod";
import { ROLES, TIERS } from "../tiers";
import { AUTH_MESSAGES, EmailSchema, PasswordSchema } from "./auth";
import { MODERATION_AUDIT_ACTIONS, MODERATION_AUDIT_LABELS } from "./community";
import { COURSE_AUDIT_ACTIONS, COURSE_AUDIT_LABELS } from "./courses";
import { PEOPLE_AUDIT_ACTIONS, PEOPLE_AUDIT_LABELS } from "./people";
import { MESSAGE_AUDIT_ACTIONS, MESSAGE_AUDIT_LABELS } from "./messages";

/** An account as the admin area lists it (spec 001 §3 profile fields). */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  membershipTier: z.enum(TIERS),
  /** The tier an admin granted by hand, apart from what the member pays for. */
  tierOverride: z.enum(TIERS).nullable(),
  /** A complimentary grant's end (an import's); null while the granted tier lasts. */
  tierOverrideUntil: z.string().nullable(),
  /** What admins noted about the member (an import's notes column). */
  adminNote: z.string(),
  isActive: z.boolean(),
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Orders of the user list: joined (newest or oldest first), name or email (A to Z), most recent login first. */
export const USER_SORTS = ["newest", "oldest", "name", "email", "lastLogin"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /api/admin/users: searched (name or email, case-insensitive substring), sorted (newest first by default), paged on the server. */
export const UsersQuerySchema = z.object({
  search: z.string().trim().max(200).default(""),
  sort: z.enum(USER_SORTS).default("newest"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type UsersQuery = z.input<typeof UsersQuerySchema>;
export const UsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** PATCH /api/admin/users/:id: an admin's change of one account, one field at a time (each behind a confirm dialog). */
export const UserChangeSchema = z.union([
  z.object({ membershipTier: z.enum(TIERS) }).strict(),
  z.object({ role: z.enum(ROLES) }).strict(),
  z.object({ isActive: z.boolean() }).strict(),
]);
export type UserChange = z.infer<typeof UserChangeSchema>;

/** User admin texts, word for word from spec 001 §5, §8 where it gives them. */
export const USER_ADMIN_MESSAGES = {
  createFailed: "Failed to create user",
  loadFailed: "Failed to load users. Please try again.",
  actionFailed: "An error occurred. Please try again.",
  selectUsers: "Please select at least one user to send an email to",
  subjectAndMessage: "Please provide both subject and message",
  noUsersSelected: "No users selected to receive this email",
  emailsQueued: "Emails sent successfully!",
  cannotChangeSelf: "You cannot change your own account here",
  deletedMember: "Deleted member",
  userNotFound: "User not found",
  countChanged: "The number of accounts changed since you confirmed. Please review the new number and confirm again.",
  billingUnavailable: "An account to delete has an active subscription, which cannot be cancelled while payments are misconfigured. Fix the payment settings, then try again.",
  cancelFailed: "A subscription could not be cancelled with the payment provider, so no account was deleted. Please try again.",
} as const;

/** POST /api/admin/users: the Add User modal (spec 001 §5); the account is created already confirmed. */
export const CreateUserSchema = z
  .object({
    name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(200),
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
    role: z.enum(ROLES).default("user"),
    membershipTier: z.enum(TIERS).default("free"),
    isActive: z.boolean().default(true),
  })
  .refine((input) => input.password === input.confirmPassword, { path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDoNotMatch });
export type CreateUserInput = z.input<typeof CreateUserSchema>;
export type NewUser = z.output<typeof CreateUserSchema>;

/** POST /api/admin/users/email: mail to a selection of accounts, HTML with {{name}}, {{email}}, {{tier}}; starts a bulk send (server/features/email). */
export const BulkEmailSchema = z
  .object({
    /** The accounts ticked in the list... */
    userIds: z.array(z.string().min(1).max(100)).min(1, USER_ADMIN_MESSAGES.noUsersSelected).max(10_000).optional(),
    /** ...or every account the list's search matches ("" for all), resolved by the server when the send starts. */
    matching: z.object({ search: z.string().trim().max(200) }).strict().optional(),
    subject: z.string({ error: USER_ADMIN_MESSAGES.subjectAndMessage }).trim().min(1, USER_ADMIN_MESSAGES.subjectAndMessage).max(300),
    message: z.string({ error: USER_ADMIN_MESSAGES.subjectAndMessage }).trim().min(1, USER_ADMIN_MESSAGES.subjectAndMessage).max(50_000),
  })
  .refine((input) => (input.userIds === undefined) !== (input.matching === undefined), { path: ["userIds"], message: USER_ADMIN_MESSAGES.noUsersSelected });
export type BulkEmailInput = z.input<typeof BulkEmailSchema>;
/** How many will be mailed (unsubscribed members are skipped) and the send whose progress /api/admin/email/bulk/:id reports. */
export const BulkEmailResponseSchema = z.object({ queued: z.number().int(), sendId: z.string() });
export type BulkEmailResponse = z.infer<typeof BulkEmailResponseSchema>;

/** POST /api/admin/users/delete-inactive and /reset-roles: the count the confirmation showed; a different count now is refused (409). */
export const DangerZoneConfirmSchema = z.object({ expected: z.number().int().min(0) }).strict();

/** Danger zone answers: how many accounts changed (the acting admin is never among them). */
export const BulkChangeResponseSchema = z.object({ changed: z.number().int() });
/** GET /api/admin/users/danger-zone: the counts the confirmations state before anything happens. */
export const DangerZoneCountsSchema = z.object({ inactiveUsers: z.number().int(), otherAdmins: z.number().int() });
export type DangerZoneCounts = z.infer<typeof DangerZoneCountsSchema>;

/** What an audit entry records; `before` and `after` hold the changed fields (role, membershipTier, tierOverride, isActive). */
export const AUDIT_ACTIONS = ["create-user", "change-tier", "change-role", "change-status", "delete-user", "upload-media", "add-youtube", "update-media", "delete-media", "create-media-folder", "handle-call-request", "delete-own-account", ...MODERATION_AUDIT_ACTIONS, ...COURSE_AUDIT_ACTIONS, ...PEOPLE_AUDIT_ACTIONS, ...MESSAGE_AUDIT_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
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

/** GET /api/admin/audit-log?page=&pageSize=: newest first. A deleted account's email reads 'deleted user <id>'. */
export const AuditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorEmail: z.string(),
  targetEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogPageSchema = z.object({ entries: z.array(AuditEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

/** GET /api/admin/stats: the admin dashboard (spec 001 §2.3), computed by the database. */
export const AdminStatsSchema = z.object({
  counts: z.object({
    total: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
    admins: z.number().int(),
    byTier: z.record(z.enum(TIERS), z.number().int()),
  }),
  recentRegistrations: z.array(AdminUserSchema).max(5),
  recentLogins: z.array(AdminUserSchema).max(5),
  /** The last 12 weeks, oldest first; `week` is the Monday (YYYY-MM-DD). Members per tier counts accounts created by that week's end, by their tier today. */
  weeks: z.array(z.object({ week: z.string(), signUps: z.number().int(), membersByTier: z.record(z.enum(TIERS), z.number().int()) })),
  /** Monthly recurring revenue in cents from active subscriptions, by tier, at the plan prices. */
  mrrCentsByTier: z.record(z.enum(["inventor", "entrepreneur", "brand-ceo"]), z.number().int()),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
