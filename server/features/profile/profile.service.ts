import { eq } from "drizzle-orm";
import type { Profile, UpdateProfileBody } from "../../../common/contracts/auth";
import { users } from "../../auth/auth.table";
import type { Viewer } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

type ProfileSource = Pick<Viewer, "userId" | "email" | "name" | "role" | "membershipTier" | "isActive" | "image" | "createdAt" | "lastLogin">;

/** The spec's in-app user mapping: name falls back to the email. */
export function toProfileDto(source: ProfileSource): Profile {
  return {
    id: source.userId,
    email: source.email,
    name: source.name || source.email,
    role: source.role,
    membershipTier: source.membershipTier,
    isActive: source.isActive,
    profilePicture: source.image,
    createdAt: source.createdAt.toISOString(),
    lastLogin: source.lastLogin ? source.lastLogin.toISOString() : null,
  };
}

/** Changes only the member's name and picture; role, tier and status are never taken from the body. */
export async function updateOwnProfile(db: Database, userId: string, body: UpdateProfileBody): Promise<Profile> {
  const [row] = await db
    .update(users)
    .set({ name: body.name, image: body.profilePicture ? body.profilePicture : null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Account not found");
  return toProfileDto({ ...row, userId: row.id });
}
