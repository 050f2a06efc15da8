import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { securityEvent } from "./log";

/**
 * Who may post to the API: pages whose origin is configured (the canonical site, the configured
 * other origins, and the loopback origins this process listens on). The request's `Host` never
 * counts: under DNS rebinding an attacker's name points at this server, and the attacker's page
 * is then "same origin" with what `Host` says. A browser names the page's origin in `Origin` on
 * every POST, with or without JavaScript; `Sec-Fetch-Site` says cross-site for browsers that omit
 * it. A foreign one gets 403, so no other web page can make its visitors submit leads. Requests
 * without either header are not sent by a browser page (curl, the tests) and pass: they could
 * send any header they like, and a client posting for itself is the rate limiter's business
 * (docs/decisions/0016-cross-site-guard.md).
 */
export function crossSiteGuard(allowed: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if (foreignPage(origin, site, allowed)) {
      securityEvent("cross-site-post", { route: c.req.path, status: 403, secFetchSite: site ?? null });
      return c.json({ ok: false, error: "Forbidden" }, 403);
    }
    return next();
  };
}

/** Whether a request was sent by a page of an origin not in `allowed` (see `crossSiteGuard`). */
function foreignPage(origin: string | undefined, secFetchSite: string | undefined, allowed: ReadonlySet<string>) {
  return origin !== undefined ? !allowed.has(origin) : secFetchSite === "cross-site" || secFetchSite === "same-site";
}

const loopbackHosts = new Set(["127.0.0.1", "localhost", "::1", "0.0.0.0", "::"]);

/**
 * The origins a browser on this machine uses to reach this process directly: every loopback name
 * when it listens on a loopback or wildcard address, else the address it listens on. Another
 * address (a LAN name, a proxy's host) is configured with `ALLOWED_ORIGINS` or `SITE_URL`.
 */
export function listeningOrigins(host: string, port: number): string[] {
  if (loopbackHosts.has(host)) return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
  return [`http://${host.includes(":") ? `[${host}]` : host}:${port}`];
}

const exposedHeaders = ["Retry-After"];

/** CORS for the configured other origins, so a site on a static host can post JSON leads. */
export function apiCors(origins: ReadonlySet<string>): MiddlewareHandler {
  return cors({
    origin: (origin) => (origins.has(origin) ? origin : null),
    allowMethods: ["POST"],
    allowHeaders: ["Content-Type", "Accept"],
    exposeHeaders: exposedHeaders,
    maxAge: 600,
  });
}
