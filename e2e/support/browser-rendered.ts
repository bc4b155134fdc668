import type { Page } from "@playwright/test";

const RENDERED_ROOT = /(<script>[^<]*<\/script>)?<div id="root">[\s\S]*<\/div><script id="page-state" type="application\/json">[^<]*<\/script>/;

/**
 * Serves the page at `path` as the browser-rendered shell (no server-rendered body, no page state),
 * so the app reads /api/config itself and a test's stand-in for that answer takes effect. The server
 * renders public pages with its own configuration, which a network-edge stand-in cannot reach.
 */
export async function serveBrowserRendered(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(RENDERED_ROOT, '<div id="root"></div>');
      await route.fulfill({ response, body: html });
    },
  );
}
