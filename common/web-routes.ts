/**
 * Every address the web app shows a page at, as react-router patterns. The web app's route tables
 * are typed by these lists, so a page cannot be added there without being added here; the server
 * reads them to answer any other address with a redirect to / (spec: unknown path → /) instead of a
 * page that does not exist.
 */

/** Pages under the site's header and footer (spec 001 §2.1), home aside. */
export const MARKETING_ROUTES = [
  "/inventors",
  "/university",
  "/university/course/:id",
  "/university/course/:id/lesson/:lessonId",
  "/mastermind",
  "/services",
  "/brands",
  "/in-the-news",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/ref-number",
  "/checkout/:plan",
  "/checkout/success",
  "/checkout/cancel",
  "/accept-invitation",
  "/billing/checkout/:sessionId",
  "/billing/portal",
  "/reset-password",
  "/auth/callback",
  // Where Google returns after the Gmail authorization of Email Settings (spec 001 §2.8).
  "/callback",
  "/test-login",
  // The old site's pricing address: the app sends it on to the home page's plan grid.
  "/pricing",
] as const;
export type MarketingRoute = (typeof MARKETING_ROUTES)[number];

export const MEMBERS_ROOT = "/members";
/** Sections of the members area, under /members; `search` is the results page of the shell's search box, `notifications` the bell's page. */
export const MEMBER_SECTION_ROUTES = ["mastermind", "community", "resources", "training", "account", "search", "notifications", "people", "people/:id", "messages", "messages/:id", "messages/with/:userId"] as const;
export type MemberSectionRoute = (typeof MEMBER_SECTION_ROUTES)[number];

/**
 * Spec 000 §2's addresses of the admin cards, under /members: kept as pages that send an admin to the
 * matching /admin page (and anyone else to /), so an old link or bookmark still lands.
 */
export const MEMBER_ADMIN_ROUTES = ["admin", "admin/users", "admin/content", "admin/media", "admin/settings"] as const;
export type MemberAdminRoute = (typeof MEMBER_ADMIN_ROUTES)[number];

export const ADMIN_ROOT = "/admin";
/** Sections of the admin area, under /admin. */
export const ADMIN_SECTION_ROUTES = ["users", "billing", "content", "moderation", "media", "email", "settings", "api"] as const;
export type AdminSectionRoute = (typeof ADMIN_SECTION_ROUTES)[number];

const ALL_ROUTES: readonly string[] = [
  "/",
  ...MARKETING_ROUTES,
  MEMBERS_ROOT,
  ...MEMBER_SECTION_ROUTES.map((section) => `${MEMBERS_ROOT}/${section}`),
  ...MEMBER_ADMIN_ROUTES.map((section) => `${MEMBERS_ROOT}/${section}`),
  ADMIN_ROOT,
  ...ADMIN_SECTION_ROUTES.map((section) => `${ADMIN_ROOT}/${section}`),
];

/**
 * Whether the web app has a page at `pathname` (decoded, without the query), matched the way
 * react-router matches: case-insensitive, a trailing slash ignored, `:param` any one segment.
 */
export function isWebRoute(pathname: string): boolean {
  const segments = splitPath(pathname.toLowerCase());
  return ALL_ROUTES.some((route) => {
    const pattern = splitPath(route);
    return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(":") || part === segments[index]);
  });
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}
