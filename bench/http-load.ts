import autocannon from "autocannon";

export const CONNECTIONS = 50;
export const TIERS = ["free", "inventor", "entrepreneur", "brand-ceo"] as const;
/** Issue 14's members' lists (and the profile), the routes a signed-in member's pages load. */
export const MEMBERS_ROUTES = ["/api/me", "/api/videos", "/api/resources", "/api/members/dashboard", "/api/community/posts"] as const;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface RouteResult {
  requestsPerSecond: number;
  /** Answers received in the whole run. */
  total: number;
  p99: number;
  non2xx: number;
}

/** What Chromium sends with every request: members' pages are loaded by browsers. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** 50 connections for DURATION_SECONDS (or `seconds`) against one URL, each request as a browser sends it. */
export async function load(url: string, headers: Record<string, string> = {}, seconds = DURATION_SECONDS): Promise<RouteResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...headers } });
  return { requestsPerSecond: result.requests.average, total: result.requests.total, p99: result.latency.p99, non2xx: result.non2xx };
}

export function formatResult(label: string, result: RouteResult): string {
  return `  ${label.padEnd(42)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${result.p99} ms  non-2xx ${result.non2xx}`;
}

async function authenticate(base: string, path: string, body: object): Promise<string> {
  const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** A new member's session cookie. */
export function signUpMember(base: string, name = "Bench Member"): Promise<string> {
  return authenticate(base, "/api/auth/sign-up/email", { name, email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, password: "bench-pass-1" });
}

export function signIn(base: string, email: string, password: string): Promise<string> {
  return authenticate(base, "/api/auth/sign-in/email", { email, password });
}

/** A new member of `tier`, set by the admin API as an admin would. */
export async function memberOfTier(base: string, admin: string, tier: (typeof TIERS)[number]): Promise<string> {
  const member = await signUpMember(base, `Bench ${tier}`);
  if (tier === "free") return member;
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie: member } })).json()) as { user: { id: string } };
  const response = await fetch(`${base}/api/admin/users/${me.user.id}`, {
    method: "PATCH",
    headers: { cookie: admin, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ membershipTier: tier }),
  });
  if (!response.ok) throw new Error(`tier change failed: ${response.status}`);
  return member;
}
