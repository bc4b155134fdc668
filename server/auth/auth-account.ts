import type { Auth } from "./auth";
import { readSignedSessionToken, type ViewerResolver } from "./viewer";

/** better-auth's cookie for a sign-in that waits for its second factor (`two_factor`, signed like the session cookie). */
const TWO_FACTOR_COOKIE = "two_factor";

export interface SignedInAccount {
  userId: string;
  email: string;
}

export interface AccountResolver {
  /** The account of the request's session, or of its pending two-factor sign-in; null for neither. */
  signedIn(cookieHeader: string | undefined): Promise<SignedInAccount | null>;
}

export async function createAccountResolver(auth: Auth, viewers: ViewerResolver, secret: string): Promise<AccountResolver> {
  const context = await auth.$context;
  const challengeCookieName = context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  return {
    async signedIn(cookieHeader) {
      const viewer = await viewers.resolve(cookieHeader);
      if (viewer) return { userId: viewer.userId, email: viewer.email };
      const challenge = readSignedSessionToken(cookieHeader, challengeCookieName, secret);
      if (!challenge) return null;
      const pending = await context.internalAdapter.findVerificationValue(challenge);
      const user = pending ? await context.internalAdapter.findUserById(pending.value) : null;
      return user ? { userId: user.id, email: user.email.toLowerCase() } : null;
    },
  };
}
