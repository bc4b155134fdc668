import { escapeHtml } from "../mail/templates";

export interface PageMeta {
  path: string;
  title: string;
  description: string;
}

/** Areas behind sign-in or one-off flows: never indexed. */
export const PRIVATE_PREFIXES = ["/members", "/admin", "/checkout", "/reset-password", "/auth/", "/test-login", "/callback"];

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

/**
 * The app's index.html with the page's own title, description, canonical link and Open Graph tags,
 * so link previews and crawlers that run no JavaScript see them.
 */
export function renderPageHtml(template: string, path: string, pages: readonly PageMeta[], origin: string): string {
  const page = pages.find((candidate) => candidate.path === path) ?? pages.find((candidate) => candidate.path === "/");
  if (!page) return template;
  const privatePage = isPrivatePath(path);
  const url = `${origin}${page.path === path ? path : "/"}`;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    privatePage ? `<meta name="robots" content="noindex, nofollow" />` : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="The Inventors Community" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join("\n    ");
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/i, "")
    .replace(/<\/head>/i, `  ${tags}\n  </head>`);
}

/** robots.txt: everything public may be crawled; private areas and the API may not. */
export function renderRobots(origin: string): string {
  const disallowed = ["/api/", ...PRIVATE_PREFIXES].map((prefix) => `Disallow: ${prefix}`);
  return ["User-agent: *", "Allow: /", ...disallowed, "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** sitemap.xml of every public page. */
export function renderSitemap(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
