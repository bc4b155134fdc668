import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "../../../common/contracts/community";
import type { Viewer } from "../../auth/viewer";
import { buildTestApp, memberCookie, type TestApp, type TestAudience } from "../../test/build-test-app";
import { feedPageQuery, firstRepliesQuery, REPLIES_PER_POST, type FeedQuery } from "./community-reads";
import { encodeFeedCursor } from "./feed-cursor";

const POSTS = 100_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The feed does not read the search table, and keeping it row by row (one index update per post)
  // made this fill take over five minutes on PGlite: its triggers are off while the rows go in.
  await t.database.db.execute(sql`alter table community_posts disable trigger community_posts_search`);
  await t.database.db.execute(sql`alter table community_replies disable trigger community_replies_search`);
  // Funding is rare (one post in 200): walking the whole-feed index and filtering would read thousands.
  await t.database.db.execute(sql`
    insert into community_posts (content, category, access_level, featured, created_at)
    select 'post ' || g,
           case when g % 200 = 0 then 'funding' else (array['general','product-development','manufacturing','marketing','scaling'])[1 + g % 5] end,
           (array['all','inventor','entrepreneur','brand-ceo'])[1 + g % 4],
           g % 5000 = 0,
           now() - make_interval(secs => g)
    from generate_series(1, ${POSTS}) as g`);
  // Ten replies on every fifth post, and a thread of 5,000 on one featured post.
  await t.database.db.execute(sql`
    insert into community_replies (post_id, content, created_at)
    select p.id, 'reply ' || n, p.created_at + make_interval(secs => n)
    from community_posts p cross join generate_series(1, 10) as n
    where p.id % 5 = 0`);
  await t.database.db.execute(sql`
    insert into community_replies (post_id, content, created_at)
    select p.id, 'thread ' || n, p.created_at + make_interval(secs => n)
    from community_posts p cross join generate_series(1, 5000) as n
    where p.content = 'post 5000'`);
  await t.database.db.execute(sql`alter table community_posts enable trigger community_posts_search`);
  await t.database.db.execute(sql`alter table community_replies enable trigger community_replies_search`);
  await t.database.db.execute(sql`analyze community_posts`);
  await t.database.db.execute(sql`analyze community_replies`);
}, 300_000);
afterAll(() => t.close());

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function viewerOf(audience: TestAudience): Promise<Viewer> {
  const viewer = await t.viewers.resolve((await memberCookie(t, audience)).cookie);
  if (!viewer) throw new Error("no viewer");
  return viewer;
}

/** EXPLAIN ANALYZE of the exact statement the feed runs. */
const plan = (viewer: Viewer, query: FeedQuery) => explain(feedPageQuery(t.database.db, viewer, query).getSQL());

async function explain(statement: SQL): Promise<PlanNode[]> {
  const result = (await t.database.db.execute(sql`explain (analyze, format json) ${statement}`)) as unknown as {
    rows: { "QUERY PLAN": string | [{ Plan: PlanNode }] }[];
  };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const parsed: [{ Plan: PlanNode }] = typeof raw === "string" ? JSON.parse(raw) : raw;
  return nodesOf(parsed[0].Plan);
}

/**
 * The posts come from `index` in order: no sequential scan of community_posts, nothing sorted but
 * the page itself, and only a few hundred posts read however deep the cursor is.
 */
function expectIndexedPage(nodes: PlanNode[], index: string, limit: number): void {
  const described = JSON.stringify(nodes.map((node) => [node["Node Type"], node["Relation Name"], node["Index Name"], node["Actual Rows"], node["Rows Removed by Filter"]]));
  const postScans = nodes.filter((node) => node["Relation Name"] === "community_posts");
  expect(postScans.map((node) => node["Index Name"]), described).toEqual([index]);
  const sorted = nodes.filter((node) => node["Node Type"] === "Sort").map((node) => node["Actual Rows"] ?? 0);
  expect(sorted.every((rows) => rows <= limit + 1), described).toBe(true);
  const read = postScans.reduce((sum, node) => sum + (node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0), 0);
  expect(read, described).toBeLessThan(500);
}

describe(`the feed with ${POSTS} posts`, () => {
  const pastTheEnd = encodeFeedCursor({ featured: false, createdAt: "2000-01-01T00:00:00.000000Z", id: 1 });
  let cursorMidway: string;
  let cursorAmongFeatured: string;
  /** The cursor a page ending at post number `n` would carry. */
  async function cursorAt(n: number): Promise<string> {
    const result = (await t.database.db.execute(
      sql`select featured, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from community_posts where content = ${`post ${n}`}`,
    )) as unknown as { rows: { featured: boolean; at: string; id: number }[] };
    const found = result.rows[0];
    if (!found) throw new Error(`no post ${n}`);
    return encodeFeedCursor({ featured: found.featured, createdAt: found.at, id: Number(found.id) });
  }
  beforeAll(async () => {
    cursorMidway = await cursorAt(POSTS / 2 + 1);
    cursorAmongFeatured = await cursorAt(POSTS / 2);
  });

  it.each(["free", "inventor", "entrepreneur", "brand-ceo", "admin"] as const)("serves a %s member's pages from the feed index", async (audience) => {
    const viewer = await viewerOf(audience);
    for (const query of [
      { category: "all", limit: 20 },
      { category: "all", limit: 20, cursor: cursorMidway },
      { category: "all", limit: 50, cursor: cursorAmongFeatured },
      { category: "all", limit: 50, cursor: pastTheEnd },
    ] satisfies FeedQuery[]) {
      const nodes = await plan(viewer, query);
      expectIndexedPage(nodes, "community_posts_feed_idx", query.limit);
    }
    const byCategory = await plan(viewer, { category: "funding", limit: 20, cursor: cursorMidway });
    expectIndexedPage(byCategory, "community_posts_category_feed_idx", 20);
  });

  it("answers through HTTP: the featured posts, then the newest, page after page", async () => {
    const { cookie } = await memberCookie(t, "admin");
    const page = async (cursor: string | null): Promise<FeedResponse> =>
      (await t.app.inject({ url: `/api/community/posts?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, headers: { cookie } })).json();
    const first = await page(null);
    expect(first.posts.map((post) => post.content)).toEqual(Array.from({ length: 20 }, (_, index) => `post ${(index + 1) * 5000}`));
    const second = await page(first.nextCursor);
    expect(second.posts.map((post) => post.content)).toEqual(Array.from({ length: 20 }, (_, index) => `post ${index + 1}`));
  });

  it("fetches a page's replies through the post index, capped per post even beside a 5,000-reply thread", async () => {
    const viewer = await viewerOf("admin");
    const result = (await t.database.db.execute(sql`select id from community_posts order by featured desc, created_at desc, id desc limit 20`)) as unknown as {
      rows: { id: number }[];
    };
    const pageIds = result.rows.map((row) => Number(row.id));
    const nodes = await explain(firstRepliesQuery(t.database.db, viewer, pageIds).getSQL());
    const described = JSON.stringify(nodes.map((node) => [node["Node Type"], node["Relation Name"], node["Index Name"], node["Actual Rows"]]));
    expect(nodes.some((node) => node["Index Name"] === "community_replies_post_idx"), described).toBe(true);
    expect(nodes.some((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] !== "users"), described).toBe(false);
    const rows = await firstRepliesQuery(t.database.db, viewer, pageIds);
    const perPost = new Map<number, number>();
    for (const row of rows) perPost.set(row.postId, (perPost.get(row.postId) ?? 0) + 1);
    expect(Math.max(...perPost.values())).toBe(REPLIES_PER_POST);
  });
});
