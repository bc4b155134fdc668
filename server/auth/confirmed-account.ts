import type { Role, Tier } from "../../common/tiers";
import type { Auth } from "./auth";
import { runAsTrustedCreation } from "./trusted-creation";

export interface ConfirmedAccount {
  email: string;
  password: string;
  name: string;
  role?: Role;
  membershipTier?: Tier;
  isActive?: boolean;
}

/**
 * Creates an account with a password, email already confirmed, unless the email is taken.
 * Returns the new user's id, or null when an account with that email exists.
 */
export async function createConfirmedAccount(auth: Auth, account: ConfirmedAccount): Promise<string | null> {
  const context = await auth.$context;
  const email = account.email.trim().toLowerCase();
  if (await context.internalAdapter.findUserByEmail(email)) return null;
  return runAsTrustedCreation(async () => {
    const user = await context.internalAdapter.createUser(
      {
        email,
        name: account.name,
        emailVerified: true,
        role: account.role ?? "user",
        membershipTier: account.membershipTier ?? "free",
        isActive: account.isActive ?? true,
      },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(account.password),
    });
    return user.id;
  });
}
