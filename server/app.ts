import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requestId, type RequestIdVariables } from "hono/request-id";
import { apiPaths } from "../core/site-paths";
import { inRequest, log } from "./log";
import { apiCors, crossSiteGuard } from "./origin";
import { securityHeaders } from "./security";
import { createRebuildingSiteHandler, createSiteHandler } from "./static-site";

export interface AppOptions {
  /** build/client: the prerendered site; without it the process serves the API only. */
  clientDir?: string;
  /** The Content-Security-Policy of one HTML file (relative path). */
  csp?: (htmlFile: string) => string;
  /** The intake API (routes under /api). */
  api?: Hono;
  /** Proxies trusted to write X-Forwarded-For / X-Forwarded-Proto (0: none). */
  trustedHops?: number;
  /**
   * Origins whose pages may post to the API (the site's canonical origin, a CDN, the loopback
   * origins the process listens on). Read on every request, so the caller may add the listening
   * origins once the port is known.
   */
  allowedOrigins?: ReadonlySet<string>;
  /** The staff console, mounted at /staff (server/staff). */
  staff?: Hono;
  /**
   * build/build-id and how to read the policies again: the site then follows each new build
   * without a restart (server/static-site.ts). Without it the site is the one found at start.
   */
  rebuilds?: { buildIdFile: string; csp: () => (htmlFile: string) => string };
}

const knownApiRoutes = new Set<string>(Object.values(apiPaths));

/**
 * What the access log names a request by. Never a query string and never a path a visitor made
 * up (it could hold anything typed into the address bar): the API's own routes, the site's paths
 * that answered, and `*` for everything else.
 */
function routeOf(path: string, status: number): string {
  if (path.startsWith("/api/")) return knownApiRoutes.has(path) ? path : "/api/*";
  return status < 400 ? path : "*";
}

/**
 * The longest request target (path and query, as sent, before any decoding) the server reads:
 * four times the longest page path of the site with a campaign query. Longer ones get 414 before
 * anything decodes, matches or redirects them.
 */
export const maxRequestTarget = 2048;

/** A proxy's X-Request-Id is kept when it is short and plain. */
const requestIdLength = 64;

/** One Node process: the static site, the intake API, redirects, 404s and security headers. */
export function createApp({
  clientDir,
  csp,
  api,
  trustedHops = 0,
  allowedOrigins = new Set(),
  staff,
  rebuilds,
}: AppOptions): Hono {
  const app = new Hono();
  // A proxy's X-Request-Id is kept (one id across both logs); otherwise one is made up.
  app.use("*", requestId({ limitLength: requestIdLength }));
  // The variable's type is named here: hono's module augmentation for it is not seen by every
  // TypeScript resolution of the package (a real node_modules folder, as CI has, misses it).
  app.use(
    "*",
    createMiddleware<{ Variables: RequestIdVariables }>((c, next) =>
      inRequest(c.get("requestId"), async () => {
        const started = performance.now();
        await next();
        log("access", {
          method: c.req.method,
          route: routeOf(c.req.path, c.res.status),
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        });
      }),
    ),
  );
  app.onError((error, c) => {
    log("request.error", { route: routeOf(c.req.path, 500), error: error.name, message: error.message.slice(0, 200) });
    return c.req.path.startsWith("/api/")
      ? c.json({ ok: false, error: "Something went wrong on our side. Please call us." }, 500)
      : c.text("Something went wrong on our side.", 500);
  });
  app.use("*", securityHeaders(trustedHops));
  app.use("*", async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    if (pathname.length + search.length > maxRequestTarget) return c.text("URI too long", 414, { Connection: "close" });
    return next();
  });
  app.use("/api/*", apiCors(allowedOrigins));
  app.use("/api/*", crossSiteGuard(allowedOrigins));
  app.use("/api/*", async (c, next) => {
    await next();
    // API answers carry the lead id: never kept by a browser or a shared cache.
    c.res.headers.set("Cache-Control", "no-store");
    // A refused request may not have had its body read: close rather than wait for the rest of it.
    if (c.res.status >= 400) c.res.headers.set("Connection", "close");
  });
  if (api) app.route("/", api);
  if (staff) app.route("/", staff);
  app.all("/api/*", (c) => c.json({ ok: false, error: "Not found" }, 404));
  if (clientDir) {
    const site = rebuilds
      ? createRebuildingSiteHandler({ clientDir, ...rebuilds })
      : createSiteHandler(clientDir, csp ?? (() => "default-src 'self'"));
    app.on(["GET", "HEAD"], "*", (c) => site(c));
  }
  app.all("*", (c) => c.text("Method not allowed", 405, { Allow: "GET, HEAD" }));
  return app;
}
