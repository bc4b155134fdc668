import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { NewsItem, NewsResponse } from "../../../common/contracts/marketing";
import type { Database } from "../../db/client";
import { parseNewsFeed, SAMPLE_NEWS } from "./news-feed";
import { newsCache } from "./news.table";
import { safeFetchText } from "./safe-fetch";

interface NewsServiceOptions {
  db: Database;
  logger: Logger;
  feedUrl: string | undefined;
  cacheSeconds: number;
  fetchTimeoutMs: number;
  allowPrivate: boolean;
}

const MAX_FEED_BYTES = 1024 * 1024;
/** A failed fetch is retried after this long, not on every page view. */
const RETRY_AFTER_FAILURE_SECONDS = 60;
const FALLBACK: NewsResponse = { items: SAMPLE_NEWS, failed: true };

export interface NewsService {
  /** The latest news: from the shared cache while fresh, else fetched once (concurrent callers share the fetch). */
  getNews(): Promise<NewsResponse>;
}

export function createNewsService({ db, logger, feedUrl, cacheSeconds, fetchTimeoutMs, allowPrivate }: NewsServiceOptions): NewsService {
  let inFlight: Promise<NewsResponse> | null = null;

  async function refresh(url: string, previous: NewsItem[] | null): Promise<NewsResponse> {
    try {
      const xml = await safeFetchText(url, { allowPrivate, timeoutMs: fetchTimeoutMs, maxBytes: MAX_FEED_BYTES, maxRedirects: 3 });
      const items = parseNewsFeed(xml);
      await store(url, items, false, new Date());
      return { items, failed: false };
    } catch (error) {
      logger.warn({ err: error, feedUrl: url }, "news feed failed");
      // Keep serving the last good copy, marked to be retried soon; without one, cache the failure briefly.
      const retryAt = new Date(Date.now() - Math.max(0, cacheSeconds - RETRY_AFTER_FAILURE_SECONDS) * 1000);
      if (previous) {
        await store(url, previous, false, retryAt);
        return { items: previous, failed: false };
      }
      await store(url, SAMPLE_NEWS, true, new Date());
      return FALLBACK;
    }
  }

  async function store(url: string, items: NewsItem[], failed: boolean, fetchedAt: Date) {
    await db
      .insert(newsCache)
      .values({ feedUrl: url, items, failed, fetchedAt })
      .onConflictDoUpdate({ target: newsCache.feedUrl, set: { items, failed, fetchedAt } });
  }

  return {
    async getNews() {
      if (!feedUrl) return FALLBACK;
      const [cached] = await db.select().from(newsCache).where(eq(newsCache.feedUrl, feedUrl));
      if (cached) {
        const maxAgeSeconds = cached.failed ? Math.min(RETRY_AFTER_FAILURE_SECONDS, cacheSeconds) : cacheSeconds;
        if (Date.now() - cached.fetchedAt.getTime() < maxAgeSeconds * 1000) return cached.failed ? FALLBACK : { items: cached.items, failed: false };
      }
      const previous = cached && !cached.failed ? cached.items : null;
      inFlight ??= refresh(feedUrl, previous).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
