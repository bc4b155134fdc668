/** What a browser would get from one call to a server process: status, the cookies it set, the JSON body. */
export interface CallResult {
  status: number;
  cookie: string;
  json: Record<string, unknown> | null;
}

/** One call from a browser on the server's own origin: JSON in, JSON out, the cookie it holds. */
export async function call(base: string, url: string, { method, body, cookie }: { method?: string; body?: object; cookie?: string } = {}): Promise<CallResult> {
  const response = await fetch(`${base}${url}`, {
    method: method ?? (body ? "POST" : "GET"),
    headers: { origin: base, ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { status: response.status, cookie: cookies, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

export const PASSWORD = "secret12";

export const signUp = (base: string, email: string, name = "Reliable Member") => call(base, "/api/auth/sign-up/email", { body: { name, email, password: PASSWORD } });
export const signIn = (base: string, email: string, password = PASSWORD) => call(base, "/api/auth/sign-in/email", { body: { email, password } });

/** The id of the account a sign-up or sign-in answered with. */
export function userIdOf(result: CallResult): string {
  const user = result.json?.user as { id?: unknown } | undefined;
  if (typeof user?.id !== "string") throw new Error(`no user in ${result.status} ${JSON.stringify(result.json)}`);
  return user.id;
}

/** Polls `check` every 50 ms until it returns true; fails with `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
