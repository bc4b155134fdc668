// npm run bench -- directory: the member directory (GET /api/people) over 100,000 member profiles
// with varied names, headlines, bios, tags, stages and countries (3% hidden from the directory, 2%
// deactivated), on the production server. Goal (issue 29): p95 under 50 ms per search or filter for
// one member at a time, on PGlite and PostgreSQL. Each request runs ROUNDS times in turn; the first
// page and the next page (cursor) of each are timed.
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../server/db/client";
import { onFilledDatabases } from "./filled-databases";
import { signUpMember } from "./http-load";
import { startProductionServer, stopServer } from "./server";

const PROFILES = 100_000;
const PORT = 3270;
const ROUNDS = Number(process.env.BENCH_DIRECTORY_ROUNDS ?? 15);
const GOAL_P95_MS = 50;

const FIRST_NAMES = "ada grace alan linus margaret katherine hedy nikola thomas marie rosalind george mary john james sarah emma olivia liam noah sophia lucas mia ethan amelia mateo aria leo luna elena omar fatima yuki hiro priya arjun chen wei ivan olga".split(" ");
const LAST_NAMES = "smith johnson brown garcia miller davis rodriguez martinez hernandez lopez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris clark lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts".split(" ");
const TAGS = "cad patents injection-molding packaging amazon retail manufacturing sourcing china prototyping 3d-printing electronics firmware marketing branding seo crowdfunding kickstarter licensing trademarks design industrial-design woodworking textiles cosmetics food-science supply-chain logistics wholesale sales funding investors legal quality-control compliance ux apps software photography video social-media copywriting pricing export".split(" ");
const WORDS = "prototype factory quote tooling mold plastic silicone aluminum steel label shipping freight warehouse listing launch buyer distributor margin license royalty sketch drawing printing casting sample batch supplier inspection safety testing insurance investor pitch valuation revenue budget campaign newsletter website store logo customer survey market competitor kitchen garden outdoor pet baby toy fitness beauty health home office travel bike tool gadget battery sensor motor hinge fabric leather wood glass ceramic foam magnet".split(" ");
const COUNTRIES = "US US US US GB GB CA CA DE AU FR IN NL SE IE NZ ES IT BR MX JP KR SG ZA NG KE IL CH AT PL".split(" ");
const CITIES = "Austin Denver London Toronto Berlin Sydney Paris Mumbai Amsterdam Stockholm Dublin Auckland Madrid Milan Chicago Seattle Boston Portland Leeds Lyon".split(" ");

/** One of `values`, chosen by the SQL expression `seed` (the lists are the bench's own words, no quotes). */
const pick = (values: readonly string[], seed: string) => sql.raw(`(array[${values.map((value) => `'${value}'`).join(",")}])[1 + ((${seed}) % ${values.length})]`);

const SLICE = 20_000;

/** 100,000 accounts (their profiles come with them, by trigger), then their profiles' words, in SQL. */
export async function fillProfiles({ db }: DatabaseHandle): Promise<void> {
  const sentence = (seed: string, count: number) =>
    sql.raw(`(select string_agg((array[${WORDS.map((word) => `'${word}'`).join(",")}])[1 + ((${seed} * 7919 + i * 104729 + (${seed} % 13) * i * i) % ${WORDS.length})], ' ') from generate_series(1, ${count}) i)`);
  // In slices, so each statement's rows stay a size PGlite's memory and the trigger's work handle well.
  for (let from = 1; from <= PROFILES; from += SLICE) {
    const to = Math.min(PROFILES, from + SLICE - 1);
    await db.execute(sql`
      insert into users (id, email, full_name, email_verified, membership_tier, is_active, created_at, updated_at)
      select 'bench-person-' || g, 'bench-person-' || g || '@example.com',
             initcap(${pick(FIRST_NAMES, "g * 7")}) || ' ' || initcap(${pick(LAST_NAMES, "g * 13 + g / 97")}), true,
             (array['free','free','inventor','entrepreneur','brand-ceo'])[1 + g % 5], g % 50 <> 0,
             now() - make_interval(secs => g * 900), now()
      from generate_series(${from}::int, ${to}::int) g`);
    await db.execute(sql`
      update member_profiles p set
        headline = initcap(${sentence("n", 5)}),
        bio = ${sentence("(n + 3)", 25)},
        building = ${sentence("(n + 5)", 8)},
        stage = (array['idea','prototype','patent-pending','manufacturing','selling'])[1 + n % 5],
        expertise = array(select distinct ${pick(TAGS, "n * 31 + t * 17 + n / 7")} from generate_series(1, 1 + n % 4) t),
        city = ${pick(CITIES, "n * 3")},
        country = ${pick(COUNTRIES, "n * 11 + n / 5")},
        hidden = n % 33 = 0
      from (select g as n from generate_series(${from}::int, ${to}::int) g) s
      where p.user_id = 'bench-person-' || s.n`);
  }
  await db.execute(sql`vacuum analyze`);
}

/** The searches and filters timed; each also asks for its second page. */
const REQUESTS = [
  "",
  "sort=name",
  "q=ada",
  "q=grace+hopp",
  "q=smith",
  "q=m",
  "q=prototype",
  "q=kitchen+gadget",
  "q=injection",
  "q=zzzz",
  "stage=prototype",
  "expertise=patents",
  "expertise=export",
  "country=DE",
  "country=PL",
  "tier=brand-ceo",
  "tier=inventor&sort=name",
  "q=tool&stage=selling&country=US",
  "q=lee&sort=name",
  "expertise=cad&sort=name",
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function timed(url: string, cookie: string): Promise<{ ms: number; nextCursor: string | null; members: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = (await response.json()) as { members?: unknown[]; nextCursor?: string | null };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms, nextCursor: body.nextCursor ?? null, members: body.members?.length ?? 0 };
}

async function benchDirectory(label: string, env: Record<string, string>, port: number): Promise<void> {
  const server = await startProductionServer(port, { ...env, SEED_DEMO: "false" });
  try {
    const base = `http://127.0.0.1:${port}`;
    const member = await signUpMember(base, "Bench Directory Reader");
    console.log(`\n${label}: ${PROFILES.toLocaleString("en-US")} profiles, one member at a time, ${ROUNDS} rounds of ${REQUESTS.length} searches and filters, first and next page`);
    const times: number[] = [];
    const slowest = new Map<string, number>();
    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const query of REQUESTS) {
        const first = await timed(`${base}/api/people?${query}`, member);
        const next = first.nextCursor ? await timed(`${base}/api/people?${query}&cursor=${first.nextCursor}`, member) : null;
        if (round === 0) continue; // the first round warms caches and the planner
        for (const [page, result] of [["first", first], ["next", next]] as const) {
          if (!result) continue;
          times.push(result.ms);
          const key = `${query || "(all)"} ${page}`;
          slowest.set(key, Math.max(slowest.get(key) ?? 0, result.ms));
        }
      }
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(`  directory  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  max ${(times.at(-1) ?? 0).toFixed(1)} ms  ${p95 < GOAL_P95_MS ? "(goal met)" : "(goal missed)"}`);
    const worst = [...slowest.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(`    slowest: ${worst.map(([query, ms]) => `"${query}" ${ms.toFixed(1)} ms`).join(", ")}`);
    const filters = await timed(`${base}/api/people/filters`, member);
    console.log(`  filter choices (read once per minute per instance): ${filters.ms.toFixed(1)} ms uncached`);
  } finally {
    await stopServer(server);
  }
}

export async function benchDirectoryRoute(): Promise<void> {
  await onFilledDatabases("directory", fillProfiles, PORT, benchDirectory);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDirectoryRoute();
