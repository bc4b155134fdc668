import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, like, lt } from "drizzle-orm";
import { verifications } from "../../auth/auth.table";
import { readCookie } from "../../auth/viewer";
import type { Database } from "../../db/client";

/** How long a consent window may stay open before its answer is refused. */
export const GMAIL_STATE_LIFETIME_MS = 15 * 60 * 1000;

const IDENTIFIER_PREFIX = "gmail-consent:";
const COOKIE_PATH = "/api/admin/email/gmail";
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The OAuth `state` of a Gmail consent. A code planted in a /callback link (someone else's Gmail
 * account) or a replayed answer must never replace the stored grant, so a state is random, stored
 * server-side (its hash, in better-auth's verifications, valued with the admin's id so it goes with
 * the account), bound to the admin and to the browser that started the flow (an HttpOnly, SameSite=Lax
 * cookie set then), used up by the first answer that carries it, and refused after 15 minutes.
 */
export interface GmailConsentStates {
  cookieName: string;
  /** A new state for this admin and browser, and the Set-Cookie that names the browser. */
  start(db: Database, adminId: string, cookieHeader: string | undefined): Promise<{ state: string; setCookie: string }>;
  /** Uses the state up: true once, for the admin and browser that started it, within its lifetime. */
  consume(db: Database, adminId: string, state: string, cookieHeader: string | undefined): Promise<boolean>;
}

export function gmailConsentStates(secureCookies: boolean): GmailConsentStates {
  const cookieName = secureCookies ? "__Secure-inventors.gmail-consent" : "inventors.gmail-consent";
  const browserOf = (cookieHeader: string | undefined): string | null => {
    const value = readCookie(cookieHeader, cookieName);
    return value !== null && BROWSER_ID.test(value) ? value : null;
  };

  return {
    cookieName,
    async start(db, adminId, cookieHeader) {
      const browser = browserOf(cookieHeader) ?? randomBytes(32).toString("base64url");
      const state = randomBytes(32).toString("base64url");
      const now = Date.now();
      // Consents nobody came back from are removed as new ones start.
      await db.delete(verifications).where(and(like(verifications.identifier, `${IDENTIFIER_PREFIX}%`), lt(verifications.expiresAt, new Date(now))));
      await db.insert(verifications).values({ id: randomUUID(), identifier: identifierOf(state, browser), value: adminId, expiresAt: new Date(now + GMAIL_STATE_LIFETIME_MS) });
      const attributes = [`Max-Age=${GMAIL_STATE_LIFETIME_MS / 1000}`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Lax", ...(secureCookies ? ["Secure"] : [])];
      return { state, setCookie: [`${cookieName}=${browser}`, ...attributes].join("; ") };
    },
    async consume(db, adminId, state, cookieHeader) {
      const browser = browserOf(cookieHeader);
      if (!browser) return false;
      // One statement: of two answers racing with the same state, only one deletes the row.
      const used = await db
        .delete(verifications)
        .where(and(eq(verifications.identifier, identifierOf(state, browser)), eq(verifications.value, adminId), gt(verifications.expiresAt, new Date())))
        .returning({ id: verifications.id });
      return used.length === 1;
    },
  };
}

function identifierOf(state: string, browser: string): string {
  return `${IDENTIFIER_PREFIX}${createHash("sha256").update(`${state}.${browser}`).digest("base64url")}`;
}
