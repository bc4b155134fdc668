/** The page shown for a navigation that cannot reach the server (web/public/offline.html). */
export const OFFLINE_PAGE = "/offline.html";

/** The public pages kept from the last visit; the page empties it at sign-out (it holds the visitor's name). */
export const PUBLIC_PAGES_CACHE = "public-pages";

/** Pages whose content is a member's or the business's own: never kept on the device. */
export function isPrivateArea(pathname: string): boolean {
  return /^\/(members|admin|billing|checkout|api)(\/|$)/i.test(pathname);
}
