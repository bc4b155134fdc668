import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { EARLY_CLICKS_SCRIPT } from "../../common/early-clicks";
import { AppError } from "../errors";
import { matchedRoute } from "./routed-path";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** better-auth checks origins itself; the provider's webhooks and the one-click unsubscribe (RFC 8058) are authenticated by their signature. */
const SELF_CHECKED = new Set(["/api/auth/*", "/api/billing/webhook", "/api/email/unsubscribe", "/api/community/mentions/unsubscribe", "/api/notifications/unsubscribe"]);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // The one inline script, by its hash: server-rendered pages hold clicks made before the app runs.
  `script-src 'self' 'sha256-${createHash("sha256").update(EARLY_CLICKS_SCRIPT).digest("base64")}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  "frame-src https:",
  "connect-src 'self'",
  // The installable app: its service worker (/sw.js) and manifest (/manifest.webmanifest), ours only.
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** No page of the product uses these; an injected script or a framed page cannot ask for them. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()";

/** A year, as browsers' preload lists ask; sent only over https, where a browser honours it. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Answers the static file server marked as a script, stylesheet, image or font of the web build. */
const subresources = new WeakSet<FastifyReply>();

/**
 * A file of the web build that no browser shows as a page: the page policies (CSP, framing, referrer,
 * permissions, opener, HSTS, ~850 bytes) do nothing on it, and a page loads a dozen of them.
 */
export function markSubresource(reply: FastifyReply): void {
  subresources.add(reply);
}

/**
 * Security headers on every answer (the web build's scripts, stylesheets and images get only the two
 * that act on them), and a same-origin check on every state-changing request except the routes that
 * check their own callers (better-auth's, the signed webhook). A write must carry one of our origins
 * (server/plugins/trusted-origins.ts); browsers always send it. The first origin is the public one:
 * when it is https, browsers are told to use nothing else.
 */
export function registerSecurity(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  const isHttps = allowedOrigins[0]?.startsWith("https://") ?? false;
  // Only JSON bodies: a form or text/plain post (what a cross-site form can send) gets 415.
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request) => {
    // Decided on the matched route: a write that reaches no route still needs our Origin, so no
    // spelling of a path can skip this check and then reach a route.
    const route = matchedRoute(request);
    if (SAFE_METHODS.has(request.method) || (route !== undefined && SELF_CHECKED.has(route))) return;
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) throw new AppError("CSRF_REJECTED", "Cross-origin request refused");
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    // No other site may load our answers into its own page (a script tag or image read across origins).
    reply.header("cross-origin-resource-policy", "same-origin");
    if (subresources.has(reply)) return;
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    // A window this app opens or is opened from cannot reach back into it (tabnabbing, XS-Leaks).
    reply.header("cross-origin-opener-policy", "same-origin");
    if (isHttps) reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  });
}
