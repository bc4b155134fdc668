import { XMLParser } from "fast-xml-parser";
import sanitizeHtml from "sanitize-html";
import type { NewsItem } from "../../../common/contracts/marketing";

const MAX_ITEMS = 20;
const US_LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Spec 001 §3 defaults for a news item's missing parts. */
export const NEWS_DEFAULTS = { title: "No Title", link: "#", date: "Unknown Date", description: "No Description" } as const;

/** Shown with the failure message when the feed cannot be loaded (spec 001 §8). */
export const SAMPLE_NEWS: NewsItem[] = [
  {
    title: "Product Innovation Trends to Watch in 2025",
    link: "#",
    date: "January 15, 2025",
    descriptionHtml: "<p>From smart home gadgets to sustainable packaging, independent inventors are shaping the products that reach store shelves this year.</p>",
  },
  {
    title: "Sustainable Manufacturing Becomes a Selling Point",
    link: "#",
    date: "February 3, 2025",
    descriptionHtml: "<p>Brands that source responsibly and cut waste in production are winning shelf space and customer loyalty.</p>",
  },
  {
    title: "How Direct-to-Consumer Brands Are Changing Retail",
    link: "#",
    date: "March 10, 2025",
    descriptionHtml: "<p>Selling straight to customers lets new brands test, learn and scale faster than the traditional retail route.</p>",
  },
];

const DESCRIPTION_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "b", "strong", "i", "em", "u", "a", "ul", "ol", "li", "blockquote"],
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: { a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }) },
};
// transformTags adds attributes after filtering, so they must be allowed too.
DESCRIPTION_POLICY.allowedAttributes = { a: ["href", "title", "target", "rel"] };

const parser = new XMLParser({ ignoreAttributes: true, trimValues: true, parseTagValue: false, processEntities: true, htmlEntities: true });

/** Parses RSS 2.0 XML into safe, formatted items; throws when it is not an RSS document. */
export function parseNewsFeed(xml: string): NewsItem[] {
  const document = parser.parse(xml) as { rss?: { channel?: { item?: unknown } } };
  const channel = document.rss?.channel;
  if (!channel) throw new Error("not an RSS feed");
  const raw = channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
  return raw.slice(0, MAX_ITEMS).map((item) => toNewsItem(item as Record<string, unknown>));
}

function toNewsItem(item: Record<string, unknown>): NewsItem {
  const title = plainText(item.title) || NEWS_DEFAULTS.title;
  const description = sanitizeHtml(textOf(item.description), DESCRIPTION_POLICY).trim();
  return {
    title,
    link: safeLink(textOf(item.link)),
    date: formatNewsDate(textOf(item.pubDate)),
    descriptionHtml: description || NEWS_DEFAULTS.description,
  };
}

/** US long date when the text parses as a date, the raw text otherwise, "Unknown Date" when absent. */
export function formatNewsDate(raw: string): string {
  const text = raw.trim();
  if (!text) return NEWS_DEFAULTS.date;
  const time = Date.parse(text);
  return Number.isNaN(time) ? plainText(text) : US_LONG_DATE.format(new Date(time));
}

function safeLink(raw: string): string {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : NEWS_DEFAULTS.link;
  } catch {
    return NEWS_DEFAULTS.link;
  }
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}

function plainText(value: unknown): string {
  return sanitizeHtml(textOf(value), { allowedTags: [], allowedAttributes: {} }).trim();
}
