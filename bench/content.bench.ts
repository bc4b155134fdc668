// npm run bench: the community feed and the resource list as a brand-ceo member with 100,000 posts and
// 10,000 resources in the database, against the constant route, on the production server.
import { BENCH_POSTS, BENCH_RESOURCES, fillContent } from "./content-data";
import { formatResult, load, signIn, signUpMember } from "./http-load";
import { onFilledDatabases } from "./filled-databases";
import { startProductionServer, stopServer } from "./server";

const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-pass-1" };

async function brandCeoCookie(base: string): Promise<string> {
  const member = await signUpMember(base, "Bench Brand CEO");
  const admin = await signIn(base, ADMIN.email, ADMIN.password);
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie: member } })).json()) as { user: { id: string } };
  const response = await fetch(`${base}/api/admin/users/${me.user.id}`, {
    method: "PATCH",
    headers: { cookie: admin, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ membershipTier: "brand-ceo" }),
  });
  if (!response.ok) throw new Error(`tier change failed: ${response.status}`);
  return member;
}

async function benchContent(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" });
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await brandCeoCookie(base);
    const feed = (await (await fetch(`${base}/api/community/posts`, { headers: { cookie } })).json()) as { posts: unknown[]; nextCursor: string };
    if (feed.posts.length === 0) throw new Error("the feed is empty");
    await load(`${base}/api/config`);
    const constant = await load(`${base}/api/config`);
    const routes = [
      ["GET /api/community/posts", `${base}/api/community/posts`],
      ["GET /api/community/posts (page 2)", `${base}/api/community/posts?cursor=${encodeURIComponent(feed.nextCursor)}`],
      ["GET /api/community/posts?category=funding", `${base}/api/community/posts?category=funding`],
      ["GET /api/resources", `${base}/api/resources`],
      ["GET /api/resources?category=legal", `${base}/api/resources?category=legal`],
    ] as const;
    console.log(`\n${label}: ${BENCH_POSTS.toLocaleString("en-US")} posts, ${BENCH_RESOURCES.toLocaleString("en-US")} resources, as a brand-ceo member`);
    console.log(formatResult("constant GET /api/config", constant));
    for (const [name, url] of routes) {
      const result = await load(url, { cookie });
      console.log(`${formatResult(name, result)}  (${((result.requestsPerSecond / constant.requestsPerSecond) * 100).toFixed(1)} % of constant)`);
    }
  } finally {
    await stopServer(server);
  }
}

export async function benchContentRoutes(): Promise<void> {
  await onFilledDatabases("content", fillContent, 3213, benchContent);
}
