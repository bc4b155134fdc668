import { useEffect } from "react";

export type PageMeta = { title: string; description: string };

function setMetaContent(selector: string, content: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute("content", content);
}

function applyPageMeta({ title, description }: PageMeta): void {
  document.title = title;
  setMetaContent('meta[name="description"]', description);
  setMetaContent('meta[property="og:title"]', title);
  setMetaContent('meta[property="og:description"]', description);
  const url = `${window.location.origin}${window.location.pathname}`;
  setMetaContent('meta[property="og:url"]', url);
  document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.setAttribute("href", url);
}

/**
 * Sets the document title and meta description (and the Open Graph tags and canonical link the
 * server wrote) while the page is shown. The server writes the same values into the HTML of a fresh load.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title !== undefined && description !== undefined) applyPageMeta({ title, description });
  }, [title, description]);
}

/** The address the document was loaded at, until its page has shown: the server wrote that page's head. */
let loadedPath: string | null = typeof window === "undefined" ? null : window.location.pathname;

/**
 * usePageMeta with the entry of common/marketing/public-pages.ts for this fixed path. The table is
 * loaded on demand: a fresh load already has the server's head, so only client navigation needs it.
 */
export function usePublicPageMeta(path: string): void {
  useEffect(() => {
    if (path === loadedPath) {
      loadedPath = null;
      return;
    }
    loadedPath = null;
    let isCurrent = true;
    void import("../../common/marketing/public-pages").then(({ findPublicPage }) => {
      const page = findPublicPage(path);
      if (isCurrent && page) applyPageMeta(page);
    });
    return () => {
      isCurrent = false;
    };
  }, [path]);
}
