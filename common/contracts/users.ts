import { z } from "zod";
import { ROLES, TIERS } from "../tiers";

/** An account as the admin area lists it (spec 001 §3 profile fields). */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  membershipTier: z.enum(TIERS),
  /** The tier an admin granted by hand, apart from what the member pays for. */
  tierOverride: z.enum(TIERS).nullable(),
  isActive: z.boolean(),
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** GET /api/admin/users: searched (name or email, case-insensitive substring), newest first, paged on the server. */
export const UsersQuerySchema = z.object({
  search: z.string().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const UsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** PATCH /api/admin/users/:id: an admin's change of one account. */
export const UserChangeSchema = z.object({ membershipTier: z.enum(TIERS) });
export type UserChange = z.infer<typeof UserChangeSchema>;
