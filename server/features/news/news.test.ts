import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { parseNewsFeed } from "./news-feed";
import { isPrivateAddress, safeFetchText } from "./safe-fetch";

const HOSTILE_FEED = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Press</title>
  <item>
    <title>Inventor &lt;b&gt;wins&lt;/b&gt; award</title>
    <link>https://news.example.com/award</link>
    <pubDate>Tue, 10 Jun 2025 14:00:00 GMT</pubDate>
    <description><![CDATA[<p onclick="steal()">Big <b>news</b><script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">bad</a> <a href="https://ok.example.com/x">good</a></p>]]></description>
  </item>
  <item>
    <title>Second</title>
    <link>javascript:alert(4)</link>
    <pubDate>sometime next spring</pubDate>
    <description></description>
  </item>
  <item></item>
</channel></rss>`;

let feedServer: Server;
let feedBase: string;
let hits: Record<string, number> = {};

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    const path = request.url ?? "/";
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === "/feed.xml") return void response.writeHead(200, { "content-type": "application/rss+xml" }).end(HOSTILE_FEED);
    if (path === "/broken.xml") return void response.writeHead(500).end("oops");
    if (path === "/not-rss.xml") return void response.writeHead(200).end("<html><body>hello</body></html>");
    if (path === "/huge.xml") return void response.writeHead(200).end(`<rss><channel>${"<item><title>x</title></item>".repeat(60_000)}</channel></rss>`);
    if (path === "/slow.xml") return void setTimeout(() => response.writeHead(200).end(HOSTILE_FEED), 30_000);
    if (path === "/redirect.xml") return void response.writeHead(302, { location: "/feed.xml" }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

beforeEach(() => {
  hits = {};
});

async function newsFrom(feedPath: string, env: Record<string, string> = {}) {
  // Generous: a busy machine once took over the default 5 s to reach this local server, and the test saw no fetch at all.
  const t = await buildTestApp({ NEWS_FEED_URL: `${feedBase}${feedPath}`, NEWS_ALLOW_PRIVATE: "true", NEWS_FETCH_TIMEOUT_SECONDS: "30", ...env });
  return t;
}

async function getNews(t: TestApp) {
  const response = await t.app.inject({ url: "/api/news" });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Array<{ title: string; link: string; date: string; descriptionHtml: string }>; failed: boolean };
}

describe("GET /api/news", () => {
  it("serves a hostile local feed as safe, formatted items with the spec's defaults", async () => {
    const t = await newsFrom("/feed.xml");
    try {
      const news = await getNews(t);
      expect(news.failed).toBe(false);
      const [first, second, third] = news.items;
      expect(first?.title).toBe("Inventor wins award");
      expect(first?.link).toBe("https://news.example.com/award");
      expect(first?.date).toBe("June 10, 2025");
      expect(first?.descriptionHtml).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
      expect(first?.descriptionHtml).toContain("<b>news</b>");
      expect(first?.descriptionHtml).toContain('<a href="https://ok.example.com/x" target="_blank" rel="noopener noreferrer">good</a>');
      expect(second).toMatchObject({ title: "Second", link: "#", date: "sometime next spring", descriptionHtml: "No Description" });
      expect(third).toEqual({ title: "No Title", link: "#", date: "Unknown Date", descriptionHtml: "No Description" });
    } finally {
      await t.close();
    }
  });

  it("serves repeat requests from the cache without refetching, and follows a same-site redirect", async () => {
    const t = await newsFrom("/redirect.xml");
    try {
      await getNews(t);
      await getNews(t);
      await Promise.all([getNews(t), getNews(t), getNews(t)]);
      expect(hits["/redirect.xml"]).toBe(1);
      expect(hits["/feed.xml"]).toBe(1);
    } finally {
      await t.close();
    }
  });

  it.each(["/broken.xml", "/not-rss.xml", "/huge.xml"])("falls back to the three samples with failed=true for %s", async (path) => {
    const t = await newsFrom(path);
    try {
      const news = await getNews(t);
      expect(news.failed).toBe(true);
      expect(news.items.map((item) => item.title)).toEqual([
        "Product Innovation Trends to Watch in 2025",
        "Sustainable Manufacturing Becomes a Selling Point",
        "How Direct-to-Consumer Brands Are Changing Retail",
      ]);
      await getNews(t);
      expect(hits[path]).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("gives up on a slow feed after its timeout and falls back", async () => {
    const t = await newsFrom("/slow.xml", { NEWS_FETCH_TIMEOUT_SECONDS: "5" });
    try {
      const started = Date.now();
      const news = await getNews(t);
      expect(news.failed).toBe(true);
      // The feed would answer after 30 s; giving up well before proves the 5 s timeout, with room for a busy machine.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await t.close();
    }
  }, 40_000);

  it("refuses a loopback feed unless NEWS_ALLOW_PRIVATE is on, without ever connecting", async () => {
    const t = await newsFrom("/feed.xml", { NEWS_ALLOW_PRIVATE: "false" });
    try {
      const news = await getNews(t);
      expect(news.failed).toBe(true);
      expect(hits["/feed.xml"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("keeps serving the last good copy when a refresh fails", async () => {
    const t = await newsFrom("/feed.xml", { NEWS_CACHE_SECONDS: "0" });
    try {
      expect((await getNews(t)).failed).toBe(false);
      feedServer.removeAllListeners("request");
      feedServer.on("request", (_request, response) => response.writeHead(503).end());
      const stale = await getNews(t);
      expect(stale.failed).toBe(false);
      expect(stale.items[0]?.title).toBe("Inventor wins award");
    } finally {
      await t.close();
    }
  });
});

describe("the feed fetcher and parser", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254"])(
    "treats %s as private",
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(["93.184.216.34", "2606:4700::6810:85e5", "::ffff:8.8.8.8"])("treats %s as public", (address) => expect(isPrivateAddress(address)).toBe(false));

  it.each(["file:///etc/passwd", "ftp://example.com/feed.xml", "gopher://example.com/"])("refuses the scheme of %s", async (url) => {
    await expect(safeFetchText(url, { allowPrivate: true, timeoutMs: 1000, maxBytes: 1000, maxRedirects: 1 })).rejects.toThrow(/refused scheme/);
  });

  it("does not expand entity bombs", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><rss><channel><item><title>&lol4;</title></item></channel></rss>`;
    const titleLength = (() => {
      try {
        return parseNewsFeed(bomb)[0]?.title.length ?? 0;
      } catch {
        return 0;
      }
    })();
    expect(titleLength).toBeLessThan(10_000);
  });
});
