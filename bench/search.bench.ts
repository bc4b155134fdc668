// npm run bench: the members' one search (GET /api/search) with 100,000 posts of varied text (400
// words, 15 a post, so a common word is in about 3,700 posts and a 3-letter prefix in up to 15,000),
// 20,000 replies, 10,000 resources, 200 videos and 60 sessions, on the production server. Goal
// (issue 16): p95 under 50 ms per search for one member at a time, as a Brand CEO (who sees
// everything) and a free member, on PGlite and PostgreSQL. Each query runs ROUNDS times in turn.
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../server/db/client";
import { fillContent } from "./content-data";
import { onFilledDatabases } from "./filled-databases";
import { memberOfTier, signIn } from "./http-load";
import { startProductionServer, stopServer } from "./server";

const ADMIN = { email: "bench-search-admin@example.com", password: "bench-admin-pass-1" };
const PORT = 3260;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 15);
const GOAL_P95_MS = 50;

const WORDS = `prototype manufacturer factory quote tooling mold injection plastic silicone aluminum steel packaging
label barcode shipping freight customs duty tariff warehouse inventory amazon listing keyword review launch
retail buyer wholesale distributor margin pricing invoice patent provisional trademark attorney license royalty
design sketch drawing cad printing cnc casting sample batch order minimum supplier audit inspection defect
quality certificate safety testing compliance insurance funding investor angel loan crowdfunding kickstarter
backer pitch deck valuation equity revenue profit cash budget forecast marketing social video photo influencer
advertising campaign email newsletter website store brand logo story customer interview survey feedback market
research competitor niche category trend season holiday gift kitchen garden outdoor pet baby toy fitness beauty
health home office travel car bike tool gadget electronic battery charger cable sensor app bluetooth motor
spring hinge fabric leather wood glass ceramic paper cardboard foam rubber magnet screw bolt weld paint coating
finish color texture size weight dimension tolerance assembly instruction manual warranty return refund
subscription bundle variant kit accessory refill replacement upgrade version improvement problem solution idea
invention innovation concept validation prior art search filing office examiner claim infringement knockoff
counterfeit takedown enforcement contract agreement nda partner mentor coach mastermind community member
question answer advice experience lesson mistake success failure timeline deadline milestone goal plan
strategy growth scale hire team freelancer agency contractor engineer designer developer accountant lawyer
bank payment stripe paypal shopify etsy ebay walmart target costco bestbuy homedepot lowes distributor rep
trade show booth expo catalog sell sheet presentation meeting call follow negotiation discount coupon promo
deal offer bundle upsell conversion traffic organic paid ranking seo content blog podcast youtube tiktok
instagram facebook pinterest reddit forum group event workshop webinar course training tutorial guide
checklist template spreadsheet calculator worksheet report analysis data metric dashboard result`
  .split(/\s+/)
  .filter(Boolean);

const QUERIES = ["manufacturer", "patent attorney", "prot", "amazon listing", "kickstarter backer", "quote", "fund", "packaging design", "mold", "inj", "retail buyer margin", "shipping"];

/** The tables whose triggers (migration 0017, named `<table>_search`) keep search_entries. */
const SEARCHED_TABLES = ["community_posts", "community_replies", "resources", "media_videos", "mastermind_sessions"];

async function setSearchTriggers(handle: DatabaseHandle, state: "enable" | "disable"): Promise<void> {
  for (const table of SEARCHED_TABLES) await handle.db.execute(sql.raw(`alter table ${table} ${state} trigger ${table}_search`));
}

/**
 * The shared content fill, then every post and reply rewritten as varied text, so a word matches a
 * realistic share. The triggers are off meanwhile and the entries are written once at the end by the
 * migration's own sync function: row by row they rewrote each entry on the 100,000 inserts and again
 * on the 100,000 updates (24 min on PGlite at load 15).
 */
export async function fillSearchContent(handle: DatabaseHandle): Promise<void> {
  await setSearchTriggers(handle, "disable");
  await fillContent(handle);
  const words = sql.raw(`(array[${WORDS.map((word) => `'${word}'`).join(",")}])`);
  const sentence = (seed: string, count: number) =>
    sql.raw(`(select string_agg(w[1 + ((${seed} * 7919 + i * 104729 + (${seed} % 13) * i * i) % ${WORDS.length})], ' ') from generate_series(1, ${count}) i)`);
  await handle.db.execute(sql`update community_posts set content = 'Post ' || id || ': ' || (select ${sentence("community_posts.id", 15)} from (select ${words} as w) v)`);
  await handle.db.execute(sql`update community_replies set content = 'Reply: ' || (select ${sentence("(community_replies.id + 7)", 8)} from (select ${words} as w) v)`);
  // A post's entry sync writes its replies' entries too.
  await handle.db.execute(sql`select search_entries_sync('post', array(select id from community_posts))`);
  await handle.db.execute(sql`select search_entries_sync('resource', array(select id from resources))`);
  await handle.db.execute(sql`select search_entries_sync('video', array(select id from media_videos))`);
  await handle.db.execute(sql`select search_entries_sync('session', array(select id from mastermind_sessions))`);
  await setSearchTriggers(handle, "enable");
  await handle.db.execute(sql`vacuum analyze`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function timeSearches(base: string, cookie: string): Promise<{ times: number[]; perQuery: Map<string, { ms: number; results: number }> }> {
  const times: number[] = [];
  const perQuery = new Map<string, { ms: number; results: number }>();
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const query of QUERIES) {
      const started = performance.now();
      const response = await fetch(`${base}/api/search?q=${encodeURIComponent(query)}`, { headers: { cookie } });
      const body = (await response.json()) as { results?: unknown[] };
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`search ${query} answered ${response.status}`);
      if (round === 0) continue; // the first round warms caches and the planner
      times.push(ms);
      const seen = perQuery.get(query);
      perQuery.set(query, { ms: Math.max(seen?.ms ?? 0, ms), results: body.results?.length ?? 0 });
    }
  }
  return { times: times.sort((a, b) => a - b), perQuery };
}

async function benchSearch(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" });
  try {
    const base = `http://127.0.0.1:${port}`;
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    console.log(`\n${label}: 100,000 posts, one member searching at a time, ${ROUNDS} rounds of ${QUERIES.length} queries`);
    for (const tier of ["brand-ceo", "free"] as const) {
      const { times, perQuery } = await timeSearches(base, await memberOfTier(base, admin, tier));
      const p95 = percentile(times, 95);
      console.log(
        `  ${tier.padEnd(10)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  max ${(times.at(-1) ?? 0).toFixed(1)} ms  ${p95 < GOAL_P95_MS ? "(goal met)" : "(goal missed)"}`,
      );
      const slowest = [...perQuery.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 3);
      console.log(`    slowest: ${slowest.map(([query, { ms }]) => `"${query}" ${ms.toFixed(1)} ms`).join(", ")}`);
    }
  } finally {
    await stopServer(server);
  }
}

export async function benchSearchRoute(): Promise<void> {
  await onFilledDatabases("search", fillSearchContent, PORT, benchSearch);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearchRoute();
