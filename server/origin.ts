import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { securityEvent } from "./log";

/**
 * Who may post to the API: pages of this server, of the canonical site, and of the configured
 * other origins (the site on a static host). A browser names the page's origin in `Origin` on
 * every POST, with or without JavaScript; `Sec-Fetch-Site` says the same for browsers that omit
 * it. A foreign one gets 403, so no other web page can make its visitors submit leads.
 * Requests without either header are not from a browser page (curl, the tests) and pass.
 */
export function crossSiteGuard(allowed: (origin: string, own: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    const site = c.req.header("sec-fetch-site");
    const foreign =
      origin !== undefined ? origin === "null" || !allowed(origin, own) : site === "cross-site" || site === "same-site";
    if (foreign) {
      securityEvent("cross-site-post", { route: c.req.path, status: 403, secFetchSite: site ?? null });
      return c.json({ ok: false, error: "Forbidden" }, 403);
    }
    return next();
  };
}

/** The allowed set as a check; the request's own origin always counts. */
export function originCheck(origins: readonly string[]): (origin: string, own: string) => boolean {
  const set = new Set(origins);
  return (origin, own) => origin === own || set.has(origin);
}

/** CORS for the configured other origins, so a site on a static host can post JSON leads. */
export function apiCors(origins: readonly string[]): MiddlewareHandler {
  return cors({
    origin: (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ["POST"],
    allowHeaders: ["Content-Type", "Accept"],
    exposeHeaders: ["Retry-After"],
    maxAge: 600,
  });
}
