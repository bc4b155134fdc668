import { createServer, type Server } from "node:http";
import { E2E_PORT } from "./environment";

/** Port of the local RSS feed the browser tests' server reads (NEWS_FEED_URL). */
export const E2E_FEED_PORT = E2E_PORT + 1;
export const E2E_FEED_URL = `http://127.0.0.1:${E2E_FEED_PORT}/feed.xml`;

/**
 * What the feed holds, and what the page must make of it. The feed is hostile on purpose: a script
 * tag, an event handler attribute, a javascript: link and a date that does not parse.
 */
export const FEED_ITEMS = {
  safe: {
    title: "Inventors Community member lands national retail deal",
    link: "https://press.example.com/retail-deal",
    pubDate: "Tue, 10 Jun 2025 14:00:00 GMT",
    expectedDate: "June 10, 2025",
    description: "<p>A member's <strong>slow-feeder bowl</strong> heads to 300 stores.</p>",
  },
  scripted: {
    title: "Veteran-owned community hosts summer mastermind",
    link: "javascript:alert('link')",
    pubDate: "sometime next spring",
    expectedDate: "sometime next spring",
    description:
      '<p>Inventors met in Melbourne.</p><script>window.__feedScriptRan = true</script><img src="x" onerror="window.__feedOnErrorRan = true"><a href="javascript:alert(1)">bad link</a>',
  },
} as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function itemXml(item: { title: string; link: string; pubDate: string; description: string }): string {
  return `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.link)}</link><pubDate>${escapeXml(item.pubDate)}</pubDate><description>${escapeXml(item.description)}</description></item>`;
}

export const FEED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Press releases</title><link>https://press.example.com</link><description>Press</description>
${itemXml(FEED_ITEMS.safe)}
${itemXml(FEED_ITEMS.scripted)}
</channel></rss>`;

/** Serves FEED_XML at /feed.xml on E2E_FEED_PORT; resolves once listening. */
export function startNewsFeedServer(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === "/feed.xml") {
      response.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
      response.end(FEED_XML);
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(E2E_FEED_PORT, "127.0.0.1", () => resolve(server));
  });
}
