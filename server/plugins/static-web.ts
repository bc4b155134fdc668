import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { PageState } from "../../common/contracts/page-state";
import { isWebRoute } from "../../common/web-routes";
import { markSubresource } from "./security";
import { isPrivatePath, renderPageHtml, renderRobots, renderSitemap, type PageMeta } from "./page-head";
import { pickEncoding } from "./content-encoding";
import { createPageRenderer } from "./static-web-render";

interface StaticWebOptions {
  distDir: string;
  origin: string;
  /** Every public page with a fixed path: head tags and sitemap.xml come from this list. */
  pages: readonly PageMeta[];
  /** What the public page at `pagePath` is rendered with on the server for this visitor (the API's answers to them). */
  pageState: (cookie: string | undefined, pagePath: string) => Promise<PageState>;
}

/** The installable app's service worker (web/service-worker/sw.ts), at the root so its scope is the whole site. */
const SERVICE_WORKER_FILE = /[\\/]sw\.js(\.br|\.gz)?$/;

/**
 * Hashed build assets never change; shipped images rarely do; anything else may change at a deploy.
 * The service worker is checked at every visit, so a deploy reaches installed apps at once.
 */
function cacheControlFor(filePath: string): string {
  if (SERVICE_WORKER_FILE.test(filePath)) return "no-cache";
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return "public, max-age=31536000, immutable";
  if (filePath.includes(`${path.sep}images${path.sep}`)) return "public, max-age=604800";
  return "public, max-age=3600";
}

/**
 * Serves the built React app. A page of the app's route table answers index.html with that page's
 * head, so client routes work on reload and crawlers see each page's title and description; a
 * public page also arrives rendered for its visitor (static-web-render.ts), so its text paints
 * before the script runs; a missing file answers 404; any other address redirects to / (spec:
 * unknown path → /).
 */
export async function registerStaticWeb(app: FastifyInstance, { distDir, origin, pages, pageState }: StaticWebOptions): Promise<void> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  const template = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  if (template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // A route for each file the build wrote, without their compressed copies, which preCompressed
      // finds beside each: routes for those made every start ~0.05 s slower.
      globIgnore: ["**/*.br", "**/*.gz"],
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header("cache-control", cacheControlFor(filePath));
        // HTML and SVG open as documents, and the service worker runs on its own, where the page
        // policies apply; everything else is loaded by a page. The path may be the precompressed copy's
        // (index.html.br).
        if (!/\.(html|svg)(\.br|\.gz)?$/.test(filePath) && !SERVICE_WORKER_FILE.test(filePath)) markSubresource(reply);
      },
    });
  }

  const robots = renderRobots(origin);
  const sitemap = renderSitemap(origin, pages.map((page) => page.path));
  app.get("/robots.txt", async (_request, reply) => reply.type("text/plain; charset=utf-8").send(robots));
  app.get("/sitemap.xml", async (_request, reply) => reply.type("application/xml; charset=utf-8").send(sitemap));

  const rendered = new Map<string, string>();
  const renderer = createPageRenderer(root, app.log);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = safeDecode(request.url.split("?")[0] ?? "/");
    // Any spelling of /api/ is an API call that reached nothing, never a page.
    if (!["GET", "HEAD"].includes(request.method) || /^\/+api(\/|$)/i.test(pathname)) {
      return reply.code(404).send({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
    // A missing script or image after a deploy must fail as one, not arrive as HTML and blank the page.
    if (pathname.startsWith("/assets/") || /\.[^/]*$/.test(pathname)) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    if (!isWebRoute(pathname)) return reply.header("cache-control", "no-cache").redirect("/", 302);
    if (!template) return reply.code(503).type("text/plain").send("The web app is not built yet: run npm run build.");
    const pagePath = pathname.replace(/\/+$/, "") || "/";
    const known = pages.some((page) => page.path === pagePath) ? pagePath : "*";
    let html = rendered.get(known);
    if (!html) {
      html = renderPageHtml(template, pagePath, pages, origin);
      if (known !== "*") rendered.set(known, html);
    }
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8");
    if (known !== "*" && !isPrivatePath(pagePath)) {
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      // Query included: a page may read it in its first render (a referral code, a filter).
      const page = await renderer.render(request.url, html, await pageState(request.headers.cookie, pagePath), encoding);
      if (page) {
        // Rendered for this visitor: never kept by a shared cache.
        reply.header("cache-control", "private, no-cache").header("vary", "Cookie, Accept-Encoding");
        if (encoding !== "identity") reply.header("content-encoding", encoding);
        return reply.send(page);
      }
    }
    return reply.send(html);
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
