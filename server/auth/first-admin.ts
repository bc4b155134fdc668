import type { Auth } from "./auth";
import { createConfirmedAccount } from "./confirmed-account";

export interface AdminAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates an admin account (tier brand-ceo, active, email confirmed) unless the email is taken.
 * Returns whether it created one.
 */
export async function createAdminAccount(auth: Auth, account: AdminAccount): Promise<boolean> {
  return (await createConfirmedAccount(auth, { ...account, role: "admin", membershipTier: "brand-ceo", isActive: true })) !== null;
}
