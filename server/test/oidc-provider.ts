import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 for tests, with an in-memory
 * account store and a programmatic login: whoever follows its redirects signs in as the account the
 * test chose, and consent is granted at once. No browser and no HTML forms are involved.
 */

export interface TestOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface OidcClient {
  clientId: string;
  /** Absent for a public client (token endpoint auth `none`, PKCE required). */
  clientSecret?: string;
  redirectUri: string;
}

export interface StartOidcProviderOptions {
  /** Origin the app believes it is served from (its PUBLIC_URL). */
  appOrigin?: string;
  /** better-auth's callback path for provider id `oidc` (core `callback/:id` endpoint). */
  callbackPath?: string;
}

export interface IdTokenRequest {
  /** Account that signs in at the provider. */
  sub: string;
  nonce: string;
  /** Client the token is issued to; the app's own client unless given. */
  client?: OidcClient;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** A second client of the same provider, for tokens issued to another audience. */
  otherClient: OidcClient;
  addAccount(account: TestOidcAccount): TestOidcAccount;
  /**
   * The browser side at the provider: follows the provider's redirects from `authorizeUrl`, signing
   * in as `login`, and returns the first URL outside the provider (the client's redirect URI).
   */
  authorize(authorizeUrl: string, login: string, jar?: CookieJar): Promise<URL>;
  /** A real ID token from the provider: authorization code flow by hand plus token exchange. */
  issueIdToken(request: IdTokenRequest): Promise<string>;
  /** Signs arbitrary ID-token claims with the provider's own signing key (for expired tokens). */
  signWithProviderKey(claims: JWTPayload): Promise<string>;
  /** The public key id the provider signs with, so forgeries can claim it. */
  keyId: string;
  close(): Promise<void>;
}

/** Minimal shapes of the untyped `oidc-provider` API used here. */
interface OidcInteraction {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}
interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
}
type OidcProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance;
interface OidcContext {
  oidc: unknown;
  type: string;
  body: unknown;
}

/** Cookies per name, as a browser keeps them for one site (paths ignored: every test flow is short). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes Set-Cookie lines from a fetch Response or an inject() response. */
  store(setCookie: string[] | string | number | undefined): void {
    const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === "string" ? [setCookie] : [];
    for (const line of list) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || attributes.some((attribute) => isExpiry(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

function isExpiry(attribute: string): boolean {
  const [key = "", value = ""] = attribute.split("=").map((part) => part.trim());
  if (key.toLowerCase() === "max-age") return Number(value) <= 0;
  if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
  return false;
}

const QUIET_PREFIX = "oidc-provider ";

/** Runs `work` with oidc-provider's start-up notices (Node 20, dev-only adapter) muted. */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const { warn, info } = console;
  const filter =
    (print: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes(QUIET_PREFIX)) return;
      print(...args);
    };
  console.warn = filter(warn);
  console.info = filter(info);
  try {
    return await work();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

let providerClass: Promise<OidcProviderConstructor> | undefined;
function loadProviderClass(): Promise<OidcProviderConstructor> {
  providerClass ??= quietly(async () => {
    // @ts-expect-error -- oidc-provider ships no type declarations; the used API is typed above.
    const module = (await import("oidc-provider")) as { default: unknown };
    return module.default as OidcProviderConstructor;
  });
  return providerClass;
}

export async function startOidcProvider(options: StartOidcProviderOptions = {}): Promise<TestOidcProvider> {
  const appOrigin = options.appOrigin ?? "http://localhost:3000";
  const callbackPath = options.callbackPath ?? "/api/auth/callback/oidc";
  const Provider = await loadProviderClass();

  const accounts = new Map<string, TestOidcAccount>();
  let pendingLogin: string | undefined;

  const client: Required<OidcClient> = {
    clientId: `app-${randomBytes(4).toString("hex")}`,
    clientSecret: randomBytes(24).toString("hex"),
    redirectUri: `${appOrigin}${callbackPath}`,
  };
  const otherClient: OidcClient = { clientId: `other-${randomBytes(4).toString("hex")}`, redirectUri: `${appOrigin}/other-app/callback` };

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const keyId = `test-${randomBytes(4).toString("hex")}`;
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: keyId, alg: "RS256", use: "sig" };

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = await quietly(async () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
        },
        {
          client_id: otherClient.clientId,
          redirect_uris: [otherClient.redirectUri],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        },
      ],
      jwks: { keys: [signingJwk] },
      cookies: { keys: [randomBytes(32).toString("hex")] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
      // Scope claims go into the ID token too, as hosted providers do (needed for ID-token sign-in).
      conformIdTokenClaims: false,
      // Every client must send PKCE (S256 only): proves the app does.
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
      clientBasedCORS: () => false,
      async findAccount(_ctx: unknown, sub: string) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
      async renderError(ctx: OidcContext, out: Record<string, unknown>) {
        ctx.type = "json";
        ctx.body = out;
      },
    }),
  );

  const providerHandler = provider.callback();

  /** The provider's login and consent pages, answered without a user: login as `pendingLogin`, consent to all. */
  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      const login = pendingLogin;
      if (!login || !accounts.has(login)) {
        await provider.interactionFinished(req, res, { error: "access_denied", error_description: "no such test account" }, { mergeWithLastSubmission: false });
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === "consent") {
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id;
      if (!accountId || typeof clientId !== "string") throw new Error("consent without a signed-in account");
      const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
      const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    res.statusCode = 501;
    res.end(`unsupported prompt ${details.prompt.name}`);
  }

  handle = (req, res) => {
    // No keep-alive: a client reusing an idle socket just as the server times it out gets ECONNRESET,
    // and better-auth's JWKS/token fetches do not retry (seen as a flaky "Invalid id token" under load).
    res.setHeader("connection", "close");
    if (req.method === "GET" && req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    providerHandler(req, res);
  };

  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };

  async function authorize(authorizeUrl: string, login: string, jar = new CookieJar()): Promise<URL> {
    pendingLogin = login;
    try {
      let url = new URL(authorizeUrl);
      for (let hop = 0; hop < 20; hop += 1) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
        jar.store(response.headers.getSetCookie());
        const location = response.headers.get("location");
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
        }
        url = new URL(location, url);
      }
      throw new Error("too many redirects at the provider");
    } finally {
      pendingLogin = undefined;
    }
  }

  async function issueIdToken({ sub, nonce, client: target = client }: IdTokenRequest): Promise<string> {
    const verifier = randomBytes(32).toString("base64url");
    const authorizeUrl = new URL(discovery.authorization_endpoint);
    authorizeUrl.search = new URLSearchParams({
      client_id: target.clientId,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: target.redirectUri,
      state: randomBytes(8).toString("hex"),
      nonce,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
    const landed = await authorize(authorizeUrl.toString(), sub);
    const code = landed.searchParams.get("code");
    if (!code) throw new Error(`no code in ${landed.toString()}`);
    const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: target.redirectUri, code_verifier: verifier, client_id: target.clientId });
    if (target.clientSecret) body.set("client_secret", target.clientSecret);
    const response = await fetch(discovery.token_endpoint, { method: "POST", body });
    const tokens = (await response.json()) as { id_token?: string };
    if (!response.ok || !tokens.id_token) throw new Error(`token exchange failed: ${response.status} ${JSON.stringify(tokens)}`);
    return tokens.id_token;
  }

  return {
    issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: client.redirectUri,
    otherClient,
    keyId,
    addAccount(account) {
      accounts.set(account.sub, { ...account });
      return account;
    },
    authorize,
    issueIdToken,
    signWithProviderKey: (claims) => new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: keyId }).sign(privateKey),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
