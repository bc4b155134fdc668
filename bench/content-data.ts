import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../server/db/client";

export const BENCH_POSTS = 100_000;
export const BENCH_RESOURCES = 10_000;
/** The video and session lists are not paged (spec 000 §7), so they hold what a real library does. */
export const BENCH_VIDEOS = 200;
export const BENCH_SESSIONS = 60;
const AUTHORS = 200;

/**
 * Fills a migrated database with members, 100,000 posts (every tenth with two replies), 10,000
 * resources, 200 YouTube videos and 60 sessions (half upcoming) spread over the levels, in SQL.
 */
export async function fillContent({ db }: DatabaseHandle): Promise<void> {
  await db.execute(sql`
    insert into users (id, email, full_name, email_verified, membership_tier)
    select 'bench-author-' || g, 'bench-author-' || g || '@example.com', 'Bench Author ' || g, true,
           (array['free','inventor','entrepreneur','brand-ceo'])[1 + g % 4]
    from generate_series(1, ${AUTHORS}) g`);
  // Each post and reply indexes itself for search in a row trigger, one GIN insert at a time (over
  // 8 minutes for 100,000 posts on an idle machine); the fill indexes them all in one statement instead.
  await db.execute(sql`alter table community_posts disable trigger community_posts_search`);
  await db.execute(sql`alter table community_replies disable trigger community_replies_search`);
  await db.execute(sql`
    insert into community_posts (author_id, content, category, access_level, featured, reply_count, created_at, updated_at)
    select 'bench-author-' || (1 + g % ${AUTHORS}),
           'Post ' || g || ': how did you find a manufacturer for a small first run? We need 500 units and every quote starts at 5,000.',
           (array['general','product-development','manufacturing','marketing','funding','scaling'])[1 + g % 6],
           (array['all','inventor','entrepreneur','brand-ceo'])[1 + g % 4],
           g % 10000 = 0, case when g % 10 = 0 then 2 else 0 end,
           now() - make_interval(secs => g * 60), now()
    from generate_series(1, ${BENCH_POSTS}) g`);
  await db.execute(sql`
    insert into community_replies (post_id, author_id, content, created_at)
    select p.id, 'bench-author-' || (1 + (p.id + r) % ${AUTHORS}), 'Reply ' || r || ': try a prototype shop first, then move to a factory.', p.created_at + make_interval(secs => r)
    from community_posts p cross join generate_series(1, 2) r
    where p.reply_count = 2`);
  await db.execute(sql`alter table community_posts enable trigger community_posts_search`);
  await db.execute(sql`alter table community_replies enable trigger community_replies_search`);
  await db.execute(sql`select search_entries_sync('post', array(select id from community_posts))`);
  await db.execute(sql`
    insert into resources (title, description, type, category, tier, featured, file_url)
    select 'Resource ' || lpad(g::text, 5, '0'), 'A checklist for one step of bringing a product to market.', 'PDF',
           (array['general','product-development','manufacturing','marketing','funding','legal','templates'])[1 + g % 7],
           (array['free','all','inventor','entrepreneur','brand-ceo'])[1 + g % 5],
           g % 1000 = 0, 'https://files.example.com/resource-' || g || '.pdf'
    from generate_series(1, ${BENCH_RESOURCES}) g`);
  await db.execute(sql`
    insert into media_videos (file_name, description, file_type, is_youtube, youtube_id, category, access_level, featured, release_date)
    select 'Lesson ' || g, 'How one step of a product launch works, with examples.', 'video/mp4', true, 'dQw4w9WgXcQ',
           (array['product-development','manufacturing','marketing','funding','scaling','leadership'])[1 + g % 6],
           (array['all','inventor','entrepreneur','brand-ceo'])[1 + g % 4], g % 25 = 0,
           current_date - g
    from generate_series(1, ${BENCH_VIDEOS}) g`);
  await db.execute(sql`
    insert into mastermind_sessions (title, session_date, time, location, description, tier, is_past)
    select 'Mastermind ' || g, current_date + (g - ${BENCH_SESSIONS / 2}) * 7, '7:00 PM ET', 'Online',
           'Members bring one problem each; the group works through them.',
           (array['all','inventor','entrepreneur','brand-ceo'])[1 + g % 4], g <= ${BENCH_SESSIONS / 2}
    from generate_series(1, ${BENCH_SESSIONS}) g`);
  await db.execute(sql`analyze`);
}
