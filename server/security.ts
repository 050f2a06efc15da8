import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { analyticsConfigured, analyticsOrigins } from "../core/analytics";
import { firm } from "../core/firm";
import { secureHeaders } from "hono/secure-headers";
import { isHttps } from "./client-address";

/**
 * What `securityHeaders` puts on an answer that is not a page, over plain HTTP: for answers
 * written outside the app (a test holds the two to the same headers).
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

/** The HSTS header, sent when the visitor is on HTTPS. */
export const strictTransportSecurity = "max-age=63072000; includeSubDomains";

/**
 * Headers every response carries (Hono's secureHeaders), HSTS only when the visitor is on HTTPS
 * (the proxy's X-Forwarded-Proto counts only behind a trusted proxy), and a deny-all CSP for
 * anything that is not a page; pages get their own policy from the static handler.
 */
export function securityHeaders(trustedHops: number): MiddlewareHandler {
  const common = secureHeaders({
    strictTransportSecurity: false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginOpenerPolicy: "same-origin",
    // No other site may embed the firm's files or read its answers without CORS (which a page of
    // the split-origin set-up uses to post: CORP does not apply to CORS requests).
    crossOriginResourcePolicy: "same-origin",
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  return async (c, next) => {
    await common(c, async () => {
      await next();
      const h = c.res.headers;
      if (isHttps(c, trustedHops)) h.set("Strict-Transport-Security", strictTransportSecurity);
      if (!h.has("Content-Security-Policy"))
        h.set("Content-Security-Policy", apiSecurityHeaders["Content-Security-Policy"]!);
    });
  };
}

/**
 * The page policy. `scriptHashes` are the sha256 sources of the page's inline scripts (from
 * build/csp-hashes.json); `apiOrigins` are the origins the page's forms post to besides this one.
 * style-src keeps 'unsafe-inline' (docs/decisions/0006-csp-inline-styles.md); script-src allows
 * compiling WebAssembly, which the site search needs (docs/decisions/0013-site-search.md).
 */
export function pageCsp(
  scriptHashes: readonly string[],
  origins: { apiOrigins?: readonly string[]; booking: string },
): string {
  const api = (origins.apiOrigins ?? []).map((o) => ` ${o}`).join("");
  const analytics = analyticsConfigured();
  const analyticsScript = analytics ? ` ${analyticsOrigins.script}` : "";
  const analyticsConnect = analytics ? ` ${analyticsOrigins.connect.join(" ")}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(" ")} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/${analyticsScript}`.replace(
      /\s+/g,
      " ",
    ),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${analyticsConnect}`,
    "font-src 'self'",
    `connect-src 'self'${api} https://www.google.com/recaptcha/ https://www.googleapis.com${analyticsConnect}`,
    `frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com https://www.youtube-nocookie.com ${origins.booking}`,
    `form-action 'self'${api}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The editor's policy (/admin/): Decap CMS compiles its configuration checks at run time
 * ('unsafe-eval'), styles itself inline, shows uploaded images as blob: URLs, and talks to the
 * local backend on loopback or to the git host's API (`apiOrigins`, the build's admin-csp.json),
 * and to nothing else: with 'unsafe-eval' allowed, an open `https:` would let injected code send
 * the editor's token anywhere. It is not a public page: nothing of this policy applies elsewhere.
 * `localBackendPort` undefined: no local backend, as on the site over HTTPS (the local backend
 * serves an editor on the developer's own machine; an http: source on an HTTPS page is a hole).
 */
export function adminCsp(localBackendPort: number | undefined, apiOrigins: readonly string[]): string {
  const local = localBackendPort ? ` http://127.0.0.1:${localBackendPort} http://localhost:${localBackendPort}` : "";
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${local}${apiOrigins.map((o) => ` ${o}`).join("")}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The editor's backend origins the build recorded (build/admin-csp.json); none without an editor. */
export function adminApiOrigins(buildDir: string): string[] {
  const file = join(buildDir, "admin-csp.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { connect: string[] }).connect : [];
}

/**
 * The Content-Security-Policy of each HTML file of a build (its path under build/client): the
 * Node server sends it, and the build writes the same into the reverse proxy's headers
 * (scripts/proxy-config.ts), so both read it from here.
 */
export function siteCsp(
  buildDir: string,
  settings: { apiOrigin?: string | undefined; cmsLocalPort: number },
): (htmlFile: string) => string {
  const hashes = JSON.parse(readFileSync(join(buildDir, "csp-hashes.json"), "utf8")) as Record<string, string[]>;
  const booking = new URL(firm.bookingUrl).origin;
  const apiOrigins = settings.apiOrigin ? [settings.apiOrigin] : [];
  const editorOrigins = adminApiOrigins(buildDir);
  return (file) =>
    file.startsWith("/admin/")
      ? adminCsp(settings.cmsLocalPort, editorOrigins)
      : pageCsp(hashes[file] ?? [], { booking, apiOrigins });
}
