import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { iso, PAGE_SIZE, pagesOf, type PersonalDataDeclaration } from "../personal-data/declaration";
import { accounts, sessions, twoFactors, users, verifications } from "./auth.table";
import { rateLimits } from "./rate-limit.table";

/** The account itself: profile, how it signs in (never a hash, token or secret), its sessions. */
export const AUTH_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "auth",
  columns: {
    "accounts.user_id": { action: "delete", how: "Sign-in methods (password hash, Google or SSO link) go with the account." },
    "two_factors.user_id": { action: "delete", how: "The two-factor secret and backup codes go with the account." },
    "sessions.user_id": { action: "delete", how: "Every session ends: the rows go with the account." },
  },
  exportSections: [
    {
      key: "profile",
      covers: [],
      async read({ db, userId }) {
        const [row] = await db.select().from(users).where(eq(users.id, userId));
        if (!row) return null;
        return {
          id: row.id,
          email: row.email,
          name: row.name,
          profilePicture: row.image,
          role: row.role,
          membershipTier: row.membershipTier,
          tierGrantedByAdmin: row.tierOverride,
          tierGrantedUntil: iso(row.tierOverrideUntil),
          adminNote: row.adminNote,
          isActive: row.isActive,
          emailVerified: row.emailVerified,
          twoFactorEnabled: row.twoFactorEnabled,
          lastLogin: iso(row.lastLogin),
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        };
      },
    },
    {
      key: "signInMethods",
      covers: ["accounts.user_id", "two_factors.user_id"],
      async read({ db, userId }) {
        const methods = await db.select({ providerId: accounts.providerId, createdAt: accounts.createdAt, scope: accounts.scope }).from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt));
        const [secondFactor] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId));
        return {
          methods: methods.map((method) => ({ provider: method.providerId === "credential" ? "email and password" : method.providerId, scope: method.scope, since: iso(method.createdAt) })),
          twoFactor: secondFactor ? { enabled: true, verified: secondFactor.verified } : { enabled: false, verified: false },
        };
      },
    },
    {
      key: "sessions",
      covers: ["sessions.user_id"],
      records: ({ db, userId }) => db.$count(sessions, eq(sessions.userId, userId)),
      read: ({ db, userId }) =>
        pagesOf(
          (after: { id: string } | null) =>
            db
              .select({ id: sessions.id, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
              .from(sessions)
              .where(and(eq(sessions.userId, userId), after ? gt(sessions.id, after.id) : undefined))
              .orderBy(asc(sessions.id))
              .limit(PAGE_SIZE),
          (row) => ({ signedInAt: iso(row.createdAt), lastUsedAt: iso(row.updatedAt), expiresAt: iso(row.expiresAt), ipAddress: row.ipAddress, userAgent: row.userAgent }),
        ),
    },
  ],
  async erase({ tx, members }) {
    // Password-reset and deletion tokens hold the user's id as their value.
    await tx.delete(verifications).where(inArray(verifications.value, members.map((member) => member.id)));
    // Sign-in counters per account are keyed `account:<path>:<email>`.
    await tx.delete(rateLimits).where(and(sql`${rateLimits.key} like 'account:%'`, or(...members.map(({ email }) => sql`right(${rateLimits.key}, ${email.length + 1}) = ${`:${email}`}`))));
  },
};
