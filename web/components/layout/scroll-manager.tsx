import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { scrollToId } from "../../lib/scroll-to-id";

/**
 * Scroll position on navigation: a link with a hash scrolls to its target (waiting for a lazily
 * loaded page to render it), a new page starts at the top, and back/forward keeps the browser's own
 * restoration. A change of query string alone (a filter) does not move the page.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const isNewPath = previousPathname.current !== pathname;
    previousPathname.current = pathname;
    if (hash) return scrollToId(decodeURIComponent(hash.slice(1)));
    if (isNewPath && navigationType !== "POP") window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash, key, navigationType]);

  return null;
}
