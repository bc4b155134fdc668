import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Role, Tier } from "../../common/tiers";
import type { Database } from "../db/client";
import { sessions, users } from "./auth.table";

/** Who is asking: resolved once per request from the session cookie. */
export interface Viewer {
  userId: string;
  sessionToken: string;
  email: string;
  name: string;
  role: Role;
  membershipTier: Tier;
  isActive: boolean;
  /** An admin without a second factor while REQUIRE_ADMIN_2FA is set: held by the admin gate (guards.ts). */
  secondFactorMissing: boolean;
  image: string | null;
  createdAt: Date;
  lastLogin: Date | null;
  sessionUpdatedAt: Date;
}

/**
 * How long a resolved session may be reused without asking the database. A deactivation, role or
 * tier change made on another instance shows within this time; this instance forgets at once.
 */
export const VIEWER_CACHE_MS = 1000;
const MAX_CACHED_SESSIONS = 20_000;

export interface ViewerResolver {
  resolve(cookieHeader: string | undefined): Promise<Viewer | null>;
  /** Forgets every cached session of this user, so the next request reads the database. */
  forgetUser(userId: string): void;
  forgetToken(token: string): void;
}

export interface ViewerOptions {
  /** REQUIRE_ADMIN_2FA */
  adminSecondFactorRequired: boolean;
}

export function createViewerResolver(db: Database, secret: string, cookieName: string, { adminSecondFactorRequired }: ViewerOptions): ViewerResolver {
  const cache = new Map<string, { viewer: Viewer | null; until: number }>();
  // Checking a cookie's signature (an HMAC) took ~7 % of a cached list's time; a signature found valid
  // stays valid under this secret, so the token is kept by the cookie's value. Only valid ones: a
  // stream of forged cookies can neither fill this nor skip the check.
  const signedTokens = new Map<string, string>();
  const tokenOf = (cookieHeader: string | undefined): string | null => {
    const signed = readCookie(cookieHeader, cookieName);
    if (!signed) return null;
    const known = signedTokens.get(signed);
    if (known !== undefined) return known;
    const token = verifySignedValue(signed, secret);
    if (token === null) return null;
    if (signedTokens.size >= MAX_CACHED_SESSIONS) signedTokens.clear();
    signedTokens.set(signed, token);
    return token;
  };
  // A prepared statement, built once: a shared query builder must never be re-`where`d per request,
  // since concurrent requests would then race on its one mutable condition.
  const lookup = db
    .select({
      token: sessions.token,
      sessionUpdatedAt: sessions.updatedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      membershipTier: users.membershipTier,
      isActive: users.isActive,
      twoFactorEnabled: users.twoFactorEnabled,
      image: users.image,
      createdAt: users.createdAt,
      lastLogin: users.lastLogin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare("viewer_by_session_token");

  return {
    async resolve(cookieHeader) {
      const token = tokenOf(cookieHeader);
      if (!token) return null;
      const now = Date.now();
      const hit = cache.get(token);
      if (hit && hit.until > now) return hit.viewer;
      const [row] = await lookup.execute({ token, now: new Date() });
      const viewer: Viewer | null = row ? viewerOf(row, adminSecondFactorRequired) : null;
      if (cache.size >= MAX_CACHED_SESSIONS) cache.clear();
      cache.set(token, { viewer, until: now + VIEWER_CACHE_MS });
      return viewer;
    },
    forgetUser(userId) {
      for (const [token, entry] of cache) if (entry.viewer?.userId === userId) cache.delete(token);
    },
    forgetToken(token) {
      cache.delete(token);
    },
  };
}

function viewerOf({ token, twoFactorEnabled, ...row }: Omit<Viewer, "sessionToken" | "secondFactorMissing"> & { token: string; twoFactorEnabled: boolean }, adminSecondFactorRequired: boolean): Viewer {
  return { ...row, sessionToken: token, secondFactorMissing: adminSecondFactorRequired && row.role === "admin" && !twoFactorEnabled };
}

/** The session token from better-auth's signed cookie (`token.base64(hmac-sha256)`), or null if absent or forged. */
export function readSignedSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string): string | null {
  const raw = readCookie(cookieHeader, cookieName);
  return raw ? verifySignedValue(raw, secret) : null;
}

function verifySignedValue(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** One cookie's raw value from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
