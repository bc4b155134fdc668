import type { Auth } from "./auth";

export interface AdminAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates an admin account (tier brand-ceo, active, email confirmed) unless the email is taken.
 * Returns whether it created one.
 */
export async function createAdminAccount(auth: Auth, { email, password, name }: AdminAccount): Promise<boolean> {
  const context = await auth.$context;
  const normalized = email.trim().toLowerCase();
  if (await context.internalAdapter.findUserByEmail(normalized)) return false;
  const user = await context.internalAdapter.createUser({
    email: normalized,
    name,
    emailVerified: true,
    role: "admin",
    membershipTier: "brand-ceo",
    isActive: true,
  }, { method: "admin" });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(password),
  });
  return true;
}
