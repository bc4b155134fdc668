import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";

/**
 * A local stand-in for Google's OAuth consent page and token endpoint and for Gmail's
 * users.messages.send, speaking their wire protocol (query-string consent, form-encoded token
 * requests, Bearer access tokens, base64url RFC 822 `raw` messages, Google-shaped JSON errors), so the
 * app's real OAuth and Gmail code runs against it. The consent page approves at once (the test is
 * the user who clicks Allow) and redirects to the redirect URI with a code and the state.
 */
export interface GmailStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every message Gmail accepted, parsed. */
  sent: ParsedMail[];
  /** The consent requests received (their query parameters). */
  consents: URLSearchParams[];
  /** Gmail refuses messages to these addresses (400 invalid argument). */
  refuse(...addresses: string[]): void;
  /** The next code exchanges answer without a refresh token (consent not fully given). */
  withholdRefreshToken(withhold: boolean): void;
  /** Revokes every refresh and access token issued so far (the account owner removed the app). */
  revokeAll(): void;
  /** How many token requests of each grant type arrived. */
  tokenRequests: { authorization_code: number; refresh_token: number };
  /** Refresh tokens issued, to check none reaches the browser. */
  issuedRefreshTokens: string[];
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}-${randomBytes(18).toString("base64url")}`;

export async function startGmailStandIn(): Promise<GmailStandIn> {
  const clientId = "stand-in-client.apps.googleusercontent.com";
  const clientSecret = token("secret");
  const codes = new Map<string, { redirectUri: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const refused = new Set<string>();
  let withhold = false;

  const state: GmailStandIn = {
    url: "",
    clientId,
    clientSecret,
    sent: [],
    consents: [],
    refuse: (...addresses) => addresses.forEach((address) => refused.add(address.toLowerCase())),
    withholdRefreshToken: (value) => {
      withhold = value;
    },
    revokeAll: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
    tokenRequests: { authorization_code: 0, refresh_token: 0 },
    issuedRefreshTokens: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  };

  const consent = (url: URL, response: ServerResponse) => {
    const query = url.searchParams;
    state.consents.push(query);
    const redirectUri = query.get("redirect_uri");
    if (query.get("client_id") !== clientId || !redirectUri) return json(response, 400, { error: "invalid_client" });
    const code = token("4/code");
    codes.set(code, { redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set("code", code);
    if (query.get("state")) target.searchParams.set("state", query.get("state") ?? "");
    target.searchParams.set("scope", query.get("scope") ?? "");
    response.writeHead(302, { location: target.toString() }).end();
  };

  const issueTokens = (form: URLSearchParams, response: ServerResponse) => {
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return json(response, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    }
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      state.tokenRequests.authorization_code += 1;
      const issued = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!issued || issued.redirectUri !== form.get("redirect_uri")) return json(response, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
      const accessToken = token("ya29");
      accessTokens.add(accessToken);
      if (withhold) return json(response, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer", scope: "gmail.send" });
      const refreshToken = token("1//refresh");
      refreshTokens.add(refreshToken);
      state.issuedRefreshTokens.push(refreshToken);
      return json(response, 200, { access_token: accessToken, refresh_token: refreshToken, expires_in: 3599, token_type: "Bearer", scope: "gmail.send gmail.compose" });
    }
    if (grant === "refresh_token") {
      state.tokenRequests.refresh_token += 1;
      if (!refreshTokens.has(form.get("refresh_token") ?? "")) return json(response, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      const accessToken = token("ya29");
      accessTokens.add(accessToken);
      return json(response, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
    }
    return json(response, 400, { error: "unsupported_grant_type" });
  };

  const send = async (request: IncomingMessage, body: string, response: ServerResponse) => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!accessTokens.has(bearer)) {
      return json(response, 401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
    }
    const raw = (JSON.parse(body) as { raw?: string }).raw;
    if (!raw) return json(response, 400, { error: { code: 400, message: "'raw' RFC822 payload message string or uploading message via /upload/* URL required", status: "INVALID_ARGUMENT" } });
    const mail = await simpleParser(Buffer.from(raw, "base64url"));
    const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase() ?? ""));
    if (to.some((address) => refused.has(address))) return json(response, 400, { error: { code: 400, message: "Invalid To header", status: "INVALID_ARGUMENT" } });
    state.sent.push(mail);
    return json(response, 200, { id: token("msg"), threadId: token("thread"), labelIds: ["SENT"] });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (request.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return consent(url, response);
      if (request.method === "POST" && url.pathname === "/token") return issueTokens(new URLSearchParams(body), response);
      if (request.method === "POST" && url.pathname === "/gmail/v1/users/me/messages/send") {
        send(request, body, response).catch((error: unknown) => json(response, 500, { error: { code: 500, message: String(error) } }));
        return;
      }
      json(response, 404, { error: { code: 404, message: "Not Found" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** The env that aims the app at the stand-in. */
export function gmailStandInEnv(standIn: GmailStandIn): Record<string, string> {
  return {
    GMAIL_CLIENT_ID: standIn.clientId,
    GMAIL_CLIENT_SECRET: standIn.clientSecret,
    GMAIL_AUTH_URL: `${standIn.url}/o/oauth2/v2/auth`,
    GMAIL_TOKEN_URL: `${standIn.url}/token`,
    GMAIL_API_URL: standIn.url,
  };
}
