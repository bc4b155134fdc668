import type { AdminUser } from "../../../common/contracts/users";
import type { users } from "../../auth/auth.table";

export type UserRow = typeof users.$inferSelect;

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    membershipTier: row.membershipTier,
    tierOverride: row.tierOverride,
    tierOverrideUntil: row.tierOverrideUntil?.toISOString() ?? null,
    adminNote: row.adminNote,
    isActive: row.isActive,
    profilePicture: row.image,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
  };
}
