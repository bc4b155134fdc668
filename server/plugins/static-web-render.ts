import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { PageState } from "../../common/contracts/page-state";
import { EARLY_CLICKS_SCRIPT } from "../../common/early-clicks";
import { encodedVariants, type Encoding } from "./content-encoding";

interface RendererModule {
  renderPage(url: string, state: PageState, signal: AbortSignal): Promise<string>;
}

/** Rendered pages kept per address and visitor state; the oldest go first. Visitors share one entry per page. */
const MAX_PAGES = 128;
/** A page that is not rendered by then is sent as the empty app, which renders itself in the browser. */
const RENDER_TIMEOUT_MS = 3000;
const ROOT_ELEMENT = '<div id="root"></div>';
/** The build's one stylesheet, as vite writes its link into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/**
 * The page with its stylesheet inside it instead of linked: a phone then paints the page from the
 * HTML alone, without waiting for a second request that shares the line with the scripts. Pages the
 * browser renders itself keep the link (their first paint waits for the script anyway).
 */
function inlineStylesheet(html: string, distDir: string): string {
  const link = STYLESHEET_LINK.exec(html);
  if (!link?.[1]) return html;
  const css = readFileSync(path.join(distDir, link[1]), "utf8");
  if (css.includes("</")) return html;
  return html.replace(link[0], () => `<style>${css}</style>`);
}

interface RenderedPage {
  html: Buffer;
  encoded: (encoding: Exclude<Encoding, "identity">) => Promise<Buffer>;
}

export interface PageRenderer {
  /** The page's HTML in `encoding`, or null when this build has no renderer or rendering failed. */
  render(url: string, template: string, state: PageState, encoding: Encoding): Promise<Buffer | null>;
}

/**
 * The server side of prerendered public pages: `vite build` writes the app's renderer beside the
 * browser build (`<distDir>-ssr/entry-server.js`); it is loaded on the first page asked for, so a
 * start never waits for it. The state is part of the key, so one visitor's page is never another's.
 */
export function createPageRenderer(distDir: string, logger: FastifyBaseLogger): PageRenderer {
  const file = path.join(`${distDir.replace(/[\\/]+$/, "")}-ssr`, "entry-server.js");
  let renderer: Promise<RendererModule | null> | null = null;
  const pages = new Map<string, Promise<RenderedPage | null>>();

  const load = () =>
    (renderer ??= existsSync(file)
      ? // A path, not a file URL: the server bundle turns import() into require(), which takes paths.
        (import(file) as Promise<RendererModule>).catch((error: unknown) => {
          logger.error({ err: error }, "the page renderer could not be loaded: public pages are sent empty");
          return null;
        })
      : Promise.resolve(null));

  const build = async (url: string, template: string, state: PageState): Promise<RenderedPage | null> => {
    const module = await load();
    if (!module) return null;
    try {
      const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
      const body = await module.renderPage(url, state, signal);
      // A render cut short holds loading placeholders where the page's text belongs: never kept.
      if (signal.aborted) throw new Error(`the render took longer than ${RENDER_TIMEOUT_MS} ms`);
      // `<` escaped: the state is data, and no text in it may close the script element.
      const stateJson = JSON.stringify(state).replace(/</g, "\\u003c");
      const html = inlineStylesheet(template, distDir).replace(ROOT_ELEMENT, () => `<script>${EARLY_CLICKS_SCRIPT}</script><div id="root">${body}</div><script id="page-state" type="application/json">${stateJson}</script>`);
      const bytes = Buffer.from(html);
      return { html: bytes, encoded: encodedVariants(bytes, "once") };
    } catch (error) {
      logger.warn({ err: error, url }, "a public page could not be rendered on the server: sent empty");
      return null;
    }
  };

  return {
    async render(url, template, state, encoding) {
      const key = `${url}\n${JSON.stringify(state)}`;
      let page = pages.get(key);
      if (!page) {
        page = build(url, template, state);
        pages.set(key, page);
        // A failure is not kept: the next request tries again.
        void page.then((built) => {
          if (!built) pages.delete(key);
        });
        for (const oldest of pages.keys()) {
          if (pages.size <= MAX_PAGES) break;
          pages.delete(oldest);
        }
      }
      const built = await page;
      if (!built) return null;
      return encoding === "identity" ? built.html : built.encoded(encoding);
    },
  };
}
