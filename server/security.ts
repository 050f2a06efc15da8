import type { MiddlewareHandler } from "hono";
import { analyticsConfigured, analyticsOrigins } from "../core/analytics";

/** Headers every response carries. The page CSP is added per HTML file (its inline-script hashes). */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (c.req.header("x-forwarded-proto") === "https" || new URL(c.req.url).protocol === "https:")
      h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    if (!h.has("Content-Security-Policy"))
      h.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  };
}

/** The page policy; `scriptHashes` are the sha256 sources of the page's inline scripts. */
export function pageCsp(scriptHashes: readonly string[], origins: { api?: string; booking: string }): string {
  const api = origins.api ? ` ${origins.api}` : "";
  const analytics = analyticsConfigured();
  const analyticsScript = analytics ? ` ${analyticsOrigins.script}` : "";
  const analyticsConnect = analytics ? ` ${analyticsOrigins.connect.join(" ")}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/${analyticsScript}`.replace(
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
