import { Hono } from "hono";
import { createSiteHandler } from "./static-site";
import { securityHeaders } from "./security";

export interface AppOptions {
  /** build/client: the prerendered site. */
  clientDir: string;
  /** The Content-Security-Policy of one HTML file (relative path). */
  csp: (htmlFile: string) => string;
  /** The intake API (routes under /api). */
  api?: Hono;
}

/** One Node process: the static site, the intake API, redirects, 404s and security headers. */
export function createApp({ clientDir, csp, api }: AppOptions): Hono {
  const app = new Hono();
  app.use("*", securityHeaders());
  if (api) app.route("/", api);
  app.all("/api/*", (c) => c.json({ ok: false, error: "Not found" }, 404));
  const site = createSiteHandler(clientDir, csp);
  app.on(["GET", "HEAD"], "*", (c) => site(c));
  app.all("*", (c) => c.text("Method not allowed", 405, { Allow: "GET, HEAD" }));
  return app;
}
