import { z } from "zod";
import { MailDeliveryError } from "./mail-failure";

/** Where Google is reached; tests point these at a local stand-in that speaks the same protocol. */
export interface GmailConfig {
  clientId: string;
  clientSecret: string;
  /** The page Google sends the code back to: PUBLIC_URL + /callback. */
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

/** Send and compose, as the spec asks (§7). */
export const GMAIL_SCOPES = ["https://www.googleapis.com/auth/gmail.send", "https://www.googleapis.com/auth/gmail.compose"];

const TokenResponseSchema = z.object({
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
});
const GoogleErrorSchema = z.object({
  error: z.union([z.string(), z.object({ message: z.string().optional(), status: z.string().optional() })]).optional(),
  error_description: z.string().optional(),
});

const TIMEOUT_MS = 15_000;

/** The consent page: offline access and forced consent, so Google always returns a refresh token. */
export function gmailConsentUrl(config: GmailConfig, state: string): string {
  const url = new URL(config.authUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: "code",
    scope: GMAIL_SCOPES.join(" "),
    access_type: "offline",
    prompt: "consent",
    state,
  }).toString();
  return url.toString();
}

export interface GmailTokens {
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: number;
}

/** Exchanges an authorization code at the token endpoint; the refresh token may be missing (consent not fully given). */
export async function exchangeGmailCode(config: GmailConfig, code: string): Promise<GmailTokens> {
  return requestTokens(config, { grant_type: "authorization_code", code, redirect_uri: config.redirectUri });
}

/** A fresh access token from the stored refresh token; a revoked grant is an AUTH_ERROR. */
export async function refreshGmailAccess(config: GmailConfig, refreshToken: string): Promise<GmailTokens> {
  return requestTokens(config, { grant_type: "refresh_token", refresh_token: refreshToken });
}

async function requestTokens(config: GmailConfig, grant: Record<string, string>): Promise<GmailTokens> {
  const response = await fetch(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ ...grant, client_id: config.clientId, client_secret: config.clientSecret }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw new MailDeliveryError("AUTH_ERROR", describeGoogleError(body, response.status), `token endpoint answered ${response.status}`);
  const tokens = TokenResponseSchema.parse(body);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : undefined,
  };
}

/** Sends one RFC 822 message through users.messages.send. */
export async function sendGmailMessage(config: GmailConfig, accessToken: string, raw: Buffer): Promise<void> {
  const response = await fetch(new URL("/gmail/v1/users/me/messages/send", config.apiUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ raw: raw.toString("base64url") }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.ok) return;
  const body: unknown = await response.json().catch(() => ({}));
  const type = response.status === 401 ? "AUTH_ERROR" : response.status >= 500 ? "NETWORK_ERROR" : "SEND_ERROR";
  throw new MailDeliveryError(type, describeGoogleError(body, response.status), `Gmail API answered ${response.status}`);
}

function describeGoogleError(body: unknown, status: number): string {
  const parsed = GoogleErrorSchema.safeParse(body);
  if (!parsed.success) return `HTTP ${status}`;
  const { error, error_description: description } = parsed.data;
  if (description) return description;
  if (typeof error === "string") return error;
  return error?.message ?? `HTTP ${status}`;
}
