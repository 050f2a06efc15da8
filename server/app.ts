import { Hono } from "hono";
import { apiCors, crossSiteGuard, originCheck } from "./origin";
import { securityHeaders } from "./security";
import { createSiteHandler } from "./static-site";

export interface AppOptions {
  /** build/client: the prerendered site; without it the process serves the API only. */
  clientDir?: string;
  /** The Content-Security-Policy of one HTML file (relative path). */
  csp?: (htmlFile: string) => string;
  /** The intake API (routes under /api). */
  api?: Hono;
  /** Proxies trusted to write X-Forwarded-For / X-Forwarded-Proto (0: none). */
  trustedHops?: number;
  /** Origins besides this one whose pages may post to the API (the site's canonical origin, a CDN). */
  allowedOrigins?: readonly string[];
}

/** One Node process: the static site, the intake API, redirects, 404s and security headers. */
export function createApp({ clientDir, csp, api, trustedHops = 0, allowedOrigins = [] }: AppOptions): Hono {
  const app = new Hono();
  app.use("*", securityHeaders(trustedHops));
  app.use("/api/*", apiCors(allowedOrigins));
  app.use("/api/*", crossSiteGuard(originCheck(allowedOrigins)));
  app.use("/api/*", async (c, next) => {
    await next();
    // API answers carry the lead id: never kept by a browser or a shared cache.
    c.res.headers.set("Cache-Control", "no-store");
    // A refused request may not have had its body read: close rather than wait for the rest of it.
    if (c.res.status >= 400) c.res.headers.set("Connection", "close");
  });
  if (api) app.route("/", api);
  app.all("/api/*", (c) => c.json({ ok: false, error: "Not found" }, 404));
  if (clientDir) {
    const site = createSiteHandler(clientDir, csp ?? (() => "default-src 'self'"));
    app.on(["GET", "HEAD"], "*", (c) => site(c));
  }
  app.all("*", (c) => c.text("Method not allowed", 405, { Allow: "GET, HEAD" }));
  return app;
}
