// server/main.ts
import { join as join9 } from "node:path";

// server/app.ts
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requestId } from "hono/request-id";

// core/site-paths.ts
var notFoundPaths = { en: "/404", es: "/es/404" };
var apiPaths = { leads: "/api/leads", careers: "/api/careers", resumes: "/api/resumes" };

// server/client-address.ts
import { getConnInfo } from "@hono/node-server/conninfo";
import ipaddr from "ipaddr.js";
var maxKeyLength = 64;
function connectionAddress(c) {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
var canonicalIpv4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;
function clientKey(address) {
  const octets = canonicalIpv4.exec(address);
  if (octets && octets.slice(1).every((octet) => Number(octet) <= 255)) return address;
  const bare = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  if (!ipaddr.isValid(bare)) return bare.slice(0, maxKeyLength);
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = parsed.parts;
  return `${[a, b, c, d].map((part) => part.toString(16)).join(":")}::/64`;
}
function clientAddress(c, trustedHops) {
  return forwardedAddress(c.req.header("x-forwarded-for"), connectionAddress(c), trustedHops);
}
function forwardedAddress(forwardedFor, connection, trustedHops) {
  if (trustedHops > 0) {
    const entries = (forwardedFor ?? "").split(",").map((entry2) => entry2.trim()).filter(Boolean);
    const entry = entries[entries.length - trustedHops];
    if (entry) return entry.slice(0, maxKeyLength);
  }
  return connection.slice(0, maxKeyLength);
}
function isHttps(c, trustedHops) {
  return c.req.url.startsWith("https:") || forwardedHttps(c.req.header("x-forwarded-proto"), trustedHops);
}
function forwardedHttps(forwardedProto, trustedHops) {
  if (trustedHops === 0) return false;
  const forwarded = (forwardedProto ?? "").split(",").map((p) => p.trim());
  return forwarded[forwarded.length - 1] === "https";
}

// server/log.ts
import { AsyncLocalStorage } from "node:async_hooks";
var currentRequest = new AsyncLocalStorage();
function inRequest(id, run) {
  return currentRequest.run(id, run);
}
function batchedStdout() {
  let pending = [];
  const flush = () => {
    if (!pending.length) return;
    const text2 = `${pending.join("\n")}
`;
    pending = [];
    process.stdout.write(text2);
  };
  process.on("exit", flush);
  return (line2) => {
    if (!pending.length) setImmediate(flush).unref();
    pending.push(line2);
  };
}
var sink = batchedStdout();
function log(event, fields = {}) {
  if (process.env.LOG_LEVEL === "silent") return;
  const request = currentRequest.getStore();
  sink(JSON.stringify({ time: (/* @__PURE__ */ new Date()).toISOString(), event, ...request ? { request } : {}, ...fields }));
}
function securityEvent(reason, fields) {
  log("security", { reason, ...fields });
}
function origin(error) {
  if (!(error instanceof Error) || !error.stack) return void 0;
  return error.stack.split("\n").filter((line2) => line2.trimStart().startsWith("at ")).slice(0, 6).map((line2) => line2.trim()).join(" | ");
}
function exitOnUnhandledErrors(exit = (code) => process.exit(code)) {
  const fatal = (event) => (error) => {
    const message = error instanceof Error ? error.message : String(error);
    log(event, {
      name: error instanceof Error ? error.name : typeof error,
      message: message.slice(0, 300),
      at: origin(error)
    });
    exit(1);
  };
  const rejection = fatal("process.unhandled_rejection");
  const exception = fatal("process.uncaught_exception");
  process.on("unhandledRejection", rejection);
  process.on("uncaughtException", exception);
  return () => {
    process.off("unhandledRejection", rejection);
    process.off("uncaughtException", exception);
  };
}

// server/origin.ts
import { cors } from "hono/cors";
function crossSiteGuard(allowed) {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const origin3 = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if (foreignPage(origin3, site, allowed)) {
      securityEvent("cross-site-post", { route: c.req.path, status: 403, secFetchSite: site ?? null });
      return c.json({ ok: false, error: "Forbidden" }, 403);
    }
    return next();
  };
}
function foreignPage(origin3, secFetchSite, allowed) {
  return origin3 !== void 0 ? !allowed.has(origin3) : secFetchSite === "cross-site" || secFetchSite === "same-site";
}
var loopbackHosts = /* @__PURE__ */ new Set(["127.0.0.1", "localhost", "::1", "0.0.0.0", "::"]);
function listeningOrigins(host, port2) {
  if (loopbackHosts.has(host)) return [`http://127.0.0.1:${port2}`, `http://localhost:${port2}`, `http://[::1]:${port2}`];
  return [`http://${host.includes(":") ? `[${host}]` : host}:${port2}`];
}
var exposedHeaders = ["Retry-After"];
function apiCors(origins2) {
  return cors({
    origin: (origin3) => origins2.has(origin3) ? origin3 : null,
    allowMethods: ["POST"],
    allowHeaders: ["Content-Type", "Accept"],
    exposeHeaders: exposedHeaders,
    maxAge: 600
  });
}
function apiCorsHeaders(origin3, origins2) {
  return {
    ...origin3 !== void 0 && origins2.has(origin3) ? { "Access-Control-Allow-Origin": origin3 } : {},
    "Access-Control-Expose-Headers": exposedHeaders.join(","),
    Vary: "Origin"
  };
}

// server/security.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// core/firm.generated.ts
var firmData = {
  "name": "Lara Fuentes & Hale, PLLC",
  "shortName": "LFH Immigration Law",
  "siteName": "LFH Immigration Law",
  "defaultSiteUrl": "https://www.lfh-immigration.example",
  "email": "info@lfh-immigration.example",
  "careersEmail": "careers@lfh-immigration.example",
  "accessibilityEmail": "accessibility@lfh-immigration.example",
  "privacyEmail": "privacy@lfh-immigration.example",
  "phone": "(281) 555-0142",
  "exitPopupPhone": "(832) 555-0199",
  "messagingNumber": "12815550142",
  "paymentUrl": "https://payments.lfh-immigration.example/pay",
  "cardPaymentUrl": "https://payments.lfh-immigration.example/card",
  "bookingUrl": "https://booking.lfh-immigration.example/consultation",
  "recaptchaSiteKey": "6LcSampleKeyForLfhImmigrationExample000000",
  "analyticsId": "",
  "videoApiKey": "",
  "videoChannelId": "UClfhImmigrationSample",
  "agency": {
    "name": "Northwind Web Studio",
    "url": "https://northwind.example"
  },
  "foundedYear": 2010,
  "stats": {
    "cases": "500+",
    "years": "15+",
    "consultationMinutes": 60,
    "responseHours": 24
  },
  "responsibleAttorney": "daniela-lara",
  "hours": {
    "days": [
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday"
    ],
    "opens": "09:00",
    "closes": "18:00"
  },
  "priceRange": "$$",
  "social": {
    "facebook": "https://www.facebook.example/lfhimmigration",
    "youtube": "https://www.youtube.example/@lfhimmigration",
    "instagram": "https://www.instagram.example/lfhimmigration",
    "linkedin": "https://www.linkedin.example/company/lfhimmigration"
  },
  "jurisdiction": "Montgomery County, Texas"
};
var officeData = [
  {
    "id": "shenandoah",
    "choice": "woodlands",
    "city": "The Woodlands",
    "label": {
      "en": "The Woodlands (Main Office)",
      "es": "The Woodlands (Oficina principal)"
    },
    "street": "19221 Interstate 45 South, Suite 400",
    "locality": "Shenandoah",
    "postalCode": "77385",
    "isHQ": true,
    "latitude": 30.1797,
    "longitude": -95.4557
  },
  {
    "id": "houston",
    "choice": "houston",
    "city": "Houston",
    "label": {
      "en": "Houston",
      "es": "Houston"
    },
    "street": "1001 Texas Avenue, Suite 1200",
    "locality": "Houston",
    "postalCode": "77002",
    "isHQ": false,
    "latitude": 29.7589,
    "longitude": -95.3626
  },
  {
    "id": "katy",
    "choice": "katy",
    "city": "Katy",
    "label": {
      "en": "Katy",
      "es": "Katy"
    },
    "street": "23501 Cinco Ranch Boulevard, Suite 210",
    "locality": "Katy",
    "postalCode": "77494",
    "isHQ": false,
    "latitude": 29.7369,
    "longitude": -95.7713
  },
  {
    "id": "irving",
    "choice": "irving",
    "city": "Irving",
    "label": {
      "en": "Irving (Dallas\u2013Fort Worth)",
      "es": "Irving (Dallas\u2013Fort Worth)"
    },
    "street": "5215 North O'Connor Boulevard, Suite 1500",
    "locality": "Irving",
    "postalCode": "75039",
    "isHQ": false,
    "latitude": 32.875,
    "longitude": -96.942
  }
];

// core/firm.ts
var firm = firmData;
var officeIds = officeData.map((office) => office.id);
function mapsUrl(query) {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
var offices = officeData.map((office) => ({
  ...office,
  region: "TX",
  phone: firm.phone,
  image: `/images/office-${office.choice}`,
  mapsUrl: mapsUrl(`${office.street}, ${office.locality}, TX ${office.postalCode}`)
}));
var officeChoices = [...offices].sort((a, b) => Number(b.isHQ) - Number(a.isHQ) || a.city.localeCompare(b.city)).map((office) => office.choice);
function isOfficeChoice(value) {
  return officeChoices.some((choice) => choice === value);
}
function officeByChoice(choice) {
  const found = offices.find((o) => o.choice === choice);
  if (!found) throw new Error(`Unknown office ${choice}`);
  return found;
}
function telHref(phone2) {
  return `tel:+1${phone2.replace(/\D/g, "")}`;
}

// core/analytics.ts
var analyticsOrigins = {
  script: "https://www.googletagmanager.com",
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"]
};
function analyticsConfigured() {
  return firm.analyticsId !== "";
}

// server/security.ts
import { secureHeaders } from "hono/secure-headers";
var apiSecurityHeaders = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY"
};
var strictTransportSecurity = "max-age=63072000; includeSubDomains";
function securityHeaders(trustedHops) {
  const common = secureHeaders({
    strictTransportSecurity: false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] }
  });
  return async (c, next) => {
    await common(c, async () => {
      await next();
      const h = c.res.headers;
      if (isHttps(c, trustedHops)) h.set("Strict-Transport-Security", strictTransportSecurity);
      if (!h.has("Content-Security-Policy"))
        h.set("Content-Security-Policy", apiSecurityHeaders["Content-Security-Policy"]);
    });
  };
}
function pageCsp(scriptHashes, origins2) {
  const api = (origins2.apiOrigins ?? []).map((o) => ` ${o}`).join("");
  const analytics = analyticsConfigured();
  const analyticsScript = analytics ? ` ${analyticsOrigins.script}` : "";
  const analyticsConnect = analytics ? ` ${analyticsOrigins.connect.join(" ")}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(" ")} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/${analyticsScript}`.replace(
      /\s+/g,
      " "
    ),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${analyticsConnect}`,
    "font-src 'self'",
    `connect-src 'self'${api} https://www.google.com/recaptcha/ https://www.googleapis.com${analyticsConnect}`,
    `frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com https://www.youtube-nocookie.com ${origins2.booking}`,
    `form-action 'self'${api}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'"
  ].join("; ");
}
function adminCsp(localBackendPort, apiOrigins) {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' http://127.0.0.1:${localBackendPort} http://localhost:${localBackendPort}${apiOrigins.map((o) => ` ${o}`).join("")}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'"
  ].join("; ");
}
function adminApiOrigins(buildDir2) {
  const file = join(buildDir2, "admin-csp.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).connect : [];
}
function siteCsp(buildDir2, settings) {
  const hashes = JSON.parse(readFileSync(join(buildDir2, "csp-hashes.json"), "utf8"));
  const booking = new URL(firm.bookingUrl).origin;
  const apiOrigins = settings.apiOrigin ? [settings.apiOrigin] : [];
  const editorOrigins = adminApiOrigins(buildDir2);
  return (file) => file.startsWith("/admin/") ? adminCsp(settings.cmsLocalPort, editorOrigins) : pageCsp(hashes[file] ?? [], { booking, apiOrigins });
}

// server/static-site.ts
import { readdirSync, readFileSync as readFileSync2 } from "node:fs";
import { extname, join as join2, relative, sep } from "node:path";

// core/locales.ts
var locales = ["en", "es"];
function isLocale(value) {
  return locales.some((locale) => locale === value);
}
function localeFromPath(pathname) {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}
function matchLocale(tag) {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : void 0;
}

// core/content-pages.generated.ts
var contentPages = [
  {
    "key": "blog/eb1-green-card-eligibility",
    "kind": "article",
    "paths": {
      "en": "/blog/eb1-green-card-eligibility",
      "es": "/es/blog/elegibilidad-green-card-eb1"
    },
    "previousPaths": []
  },
  {
    "key": "blog/family-green-card-petition-guide",
    "kind": "article",
    "paths": {
      "en": "/blog/family-green-card-petition-guide",
      "es": "/es/blog/guia-peticion-green-card-familiar"
    },
    "previousPaths": []
  },
  {
    "key": "blog/national-interest-waiver-explained",
    "kind": "article",
    "paths": {
      "en": "/blog/national-interest-waiver-explained",
      "es": "/es/blog/exencion-interes-nacional-explicada"
    },
    "previousPaths": []
  },
  {
    "key": "blog/texas-immigration-laws-2025",
    "kind": "article",
    "paths": {
      "en": "/blog/texas-immigration-laws-2025",
      "es": "/es/blog/leyes-inmigracion-texas-2025"
    },
    "previousPaths": []
  },
  {
    "key": "blog/u-visa-protection-crime-victims",
    "kind": "article",
    "paths": {
      "en": "/blog/u-visa-protection-crime-victims",
      "es": "/es/blog/visa-u-proteccion-victimas-crimen"
    },
    "previousPaths": []
  },
  {
    "key": "blog/vawa-green-cards-guide",
    "kind": "article",
    "paths": {
      "en": "/blog/vawa-green-cards-guide",
      "es": "/es/blog/guia-green-cards-vawa"
    },
    "previousPaths": []
  },
  {
    "key": "our-firm/join-our-team/bilingual-legal-assistant",
    "kind": "job",
    "paths": {
      "en": "/our-firm/join-our-team/bilingual-legal-assistant",
      "es": "/es/nuestro-bufete/bolsa-de-trabajo/asistente-legal-bilingue"
    },
    "previousPaths": []
  },
  {
    "key": "our-firm/daniela-lara",
    "kind": "attorney",
    "paths": {
      "en": "/our-firm/daniela-lara",
      "es": "/es/nuestro-bufete/daniela-lara"
    },
    "previousPaths": []
  },
  {
    "key": "our-firm/sofia-fuentes",
    "kind": "attorney",
    "paths": {
      "en": "/our-firm/sofia-fuentes",
      "es": "/es/nuestro-bufete/sofia-fuentes"
    },
    "previousPaths": []
  },
  {
    "key": "our-firm/marcus-hale",
    "kind": "attorney",
    "paths": {
      "en": "/our-firm/marcus-hale",
      "es": "/es/nuestro-bufete/marcus-hale"
    },
    "previousPaths": []
  },
  {
    "key": "cities/houston",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-houston-tx",
      "es": "/es/abogado-inmigracion-houston-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/dallas",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-dallas-tx",
      "es": "/es/abogado-inmigracion-dallas-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/austin",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-austin-tx",
      "es": "/es/abogado-inmigracion-austin-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/san-antonio",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-san-antonio-tx",
      "es": "/es/abogado-inmigracion-san-antonio-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/the-woodlands",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-the-woodlands-tx",
      "es": "/es/abogado-inmigracion-the-woodlands-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/katy",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-katy-tx",
      "es": "/es/abogado-inmigracion-katy-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/irving",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-irving-tx",
      "es": "/es/abogado-inmigracion-irving-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/cypress",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-cypress-tx",
      "es": "/es/abogado-inmigracion-cypress-tx"
    },
    "previousPaths": []
  },
  {
    "key": "cities/el-paso",
    "kind": "city",
    "paths": {
      "en": "/immigration-lawyer-el-paso-tx",
      "es": "/es/abogado-inmigracion-el-paso-tx"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/employment-based",
      "es": "/es/areas-de-practica/inmigracion-laboral"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/family-based",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/family-based",
      "es": "/es/areas-de-practica/inmigracion-familiar"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based-green-cards",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards",
      "es": "/es/areas-de-practica/green-cards-empleo"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/citizenship",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/citizenship",
      "es": "/es/areas-de-practica/ciudadania"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/deportation-asylum",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/deportation-asylum",
      "es": "/es/areas-de-practica/defensa-deportacion-asilo"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/victims-of-crimes",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/victims-of-crimes",
      "es": "/es/areas-de-practica/victimas-de-delitos"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/students-exchange",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/students-exchange",
      "es": "/es/areas-de-practica/estudiantes-intercambio"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/humanitarian",
    "kind": "practice-category",
    "paths": {
      "en": "/practice-areas/humanitarian",
      "es": "/es/areas-de-practica/humanitario"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/citizenship/how-to-become-a-us-citizen",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/citizenship/how-to-become-a-us-citizen",
      "es": "/es/areas-de-practica/ciudadania/como-convertirse-en-ciudadano-estadounidense"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/citizenship/naturalization",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/citizenship/naturalization",
      "es": "/es/areas-de-practica/ciudadania/naturalizacion"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/deportation-asylum/asylum",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/deportation-asylum/asylum",
      "es": "/es/areas-de-practica/defensa-deportacion-asilo/asilo"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/deportation-asylum/deportation-proceedings",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/deportation-asylum/deportation-proceedings",
      "es": "/es/areas-de-practica/defensa-deportacion-asilo/procesos-de-deportacion"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/b-1-business-visitor",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/b-1-business-visitor",
      "es": "/es/areas-de-practica/inmigracion-laboral/b-1-visitante-de-negocios"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/b-2-tourist-visa",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/b-2-tourist-visa",
      "es": "/es/areas-de-practica/inmigracion-laboral/b-2-visa-de-turista"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/e-1-treaty-trader",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/e-1-treaty-trader",
      "es": "/es/areas-de-practica/inmigracion-laboral/e-1-tratados-comerciales"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/e-2-investor-visa",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/e-2-investor-visa",
      "es": "/es/areas-de-practica/inmigracion-laboral/e-2-visa-inversionista"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/eb-1-multinational-managers",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/eb-1-multinational-managers",
      "es": "/es/areas-de-practica/inmigracion-laboral/eb-1-gerentes-multinacionales"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/eb-2-advanced-degree-exceptional-ability",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/eb-2-advanced-degree-exceptional-ability",
      "es": "/es/areas-de-practica/inmigracion-laboral/eb-2-posgrado-habilidad-excepcional"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/eb-3-skilled-professional-other",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/eb-3-skilled-professional-other",
      "es": "/es/areas-de-practica/inmigracion-laboral/eb-3-calificados-profesionales-otros"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/eb-5-immigrant-investor",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/eb-5-immigrant-investor",
      "es": "/es/areas-de-practica/inmigracion-laboral/eb-5-inversionista-inmigrante"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/h-1b-temporary-worker",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/h-1b-temporary-worker",
      "es": "/es/areas-de-practica/inmigracion-laboral/h-1b-trabajador-temporal"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/h-2b-temporary-non-specialty",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/h-2b-temporary-non-specialty",
      "es": "/es/areas-de-practica/inmigracion-laboral/h-2b-temporal-no-especializado"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/h-4-dependent",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/h-4-dependent",
      "es": "/es/areas-de-practica/inmigracion-laboral/h-4-dependiente"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/l-1-manager-executive",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/l-1-manager-executive",
      "es": "/es/areas-de-practica/inmigracion-laboral/l-1-gerente-ejecutivo"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/o-1-extraordinary-ability",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/o-1-extraordinary-ability",
      "es": "/es/areas-de-practica/inmigracion-laboral/o-1-habilidad-extraordinaria"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/p-1-athletes-artists",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/p-1-athletes-artists",
      "es": "/es/areas-de-practica/inmigracion-laboral/p-1-atletas-artistas"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based/tn-visa-canadian",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based/tn-visa-canadian",
      "es": "/es/areas-de-practica/inmigracion-laboral/tn-visa-canadienses"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based-green-cards/conditional-permanent-resident",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/conditional-permanent-resident",
      "es": "/es/areas-de-practica/green-cards-empleo/residente-permanente-condicional"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based-green-cards/getting-a-green-card-through-marriage",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/getting-a-green-card-through-marriage",
      "es": "/es/areas-de-practica/green-cards-empleo/obtener-green-card-por-matrimonio"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based-green-cards/eb-2-pilots",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/eb-2-pilots",
      "es": "/es/areas-de-practica/green-cards-empleo/eb-2-pilotos"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based-green-cards/eb-4-special-immigrants",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/eb-4-special-immigrants",
      "es": "/es/areas-de-practica/green-cards-empleo/eb-4-inmigrantes-especiales"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/employment-based-green-cards/family-preference-green-card",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/family-preference-green-card",
      "es": "/es/areas-de-practica/green-cards-empleo/green-card-preferencia-familiar"
    },
    "previousPaths": [],
    "canonicalKey": "practice-areas/family-based/family-preference-green-card"
  },
  {
    "key": "practice-areas/employment-based-green-cards/green-card-for-children",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/green-card-for-children",
      "es": "/es/areas-de-practica/green-cards-empleo/green-card-hijos"
    },
    "previousPaths": [],
    "canonicalKey": "practice-areas/family-based/green-card-children"
  },
  {
    "key": "practice-areas/employment-based-green-cards/green-card-for-parents",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/green-card-for-parents",
      "es": "/es/areas-de-practica/green-cards-empleo/green-card-padres"
    },
    "previousPaths": [],
    "canonicalKey": "practice-areas/family-based/green-card-parents"
  },
  {
    "key": "practice-areas/employment-based-green-cards/marriage-based-green-card",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/employment-based-green-cards/marriage-based-green-card",
      "es": "/es/areas-de-practica/green-cards-empleo/green-card-matrimonio"
    },
    "previousPaths": [],
    "canonicalKey": "practice-areas/family-based/marriage-based-green-card"
  },
  {
    "key": "practice-areas/family-based/marriage-based-green-card",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/family-based/marriage-based-green-card",
      "es": "/es/areas-de-practica/inmigracion-familiar/green-card-matrimonio"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/family-based/k-3-spouse-visa",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/family-based/k-3-spouse-visa",
      "es": "/es/areas-de-practica/inmigracion-familiar/k-3-visa-conyuge"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/family-based/green-card-parents",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/family-based/green-card-parents",
      "es": "/es/areas-de-practica/inmigracion-familiar/green-card-padres"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/family-based/green-card-children",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/family-based/green-card-children",
      "es": "/es/areas-de-practica/inmigracion-familiar/green-card-hijos"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/family-based/family-preference-green-card",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/family-based/family-preference-green-card",
      "es": "/es/areas-de-practica/inmigracion-familiar/preferencia-familiar"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/humanitarian/daca-lawyer",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/humanitarian/daca-lawyer",
      "es": "/es/areas-de-practica/humanitario/daca-abogado"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/humanitarian/tps-temporary-protected-status",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/humanitarian/tps-temporary-protected-status",
      "es": "/es/areas-de-practica/humanitario/tps-estatus-proteccion-temporal"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/students-exchange/f-1-student-visa",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/students-exchange/f-1-student-visa",
      "es": "/es/areas-de-practica/estudiantes-intercambio/f-1-visa-estudiante"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/students-exchange/j-1-exchange-visitor",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/students-exchange/j-1-exchange-visitor",
      "es": "/es/areas-de-practica/estudiantes-intercambio/j-1-visitante-intercambio"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/victims-of-crimes/u-visa",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/victims-of-crimes/u-visa",
      "es": "/es/areas-de-practica/victimas-de-delitos/visa-u"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/victims-of-crimes/t-visa",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/victims-of-crimes/t-visa",
      "es": "/es/areas-de-practica/victimas-de-delitos/visa-t"
    },
    "previousPaths": []
  },
  {
    "key": "practice-areas/victims-of-crimes/vawa-lawyer",
    "kind": "practice",
    "paths": {
      "en": "/practice-areas/victims-of-crimes/vawa-lawyer",
      "es": "/es/areas-de-practica/victimas-de-delitos/vawa-abogado"
    },
    "previousPaths": []
  }
];

// core/content-kinds.ts
var firmPaths = { en: "/our-firm", es: "/es/nuestro-bufete" };
var careersPaths = {
  en: `${firmPaths.en}/join-our-team`,
  es: `${firmPaths.es}/bolsa-de-trabajo`
};
var practiceRoot = { en: "/practice-areas", es: "/es/areas-de-practica" };
var blogPaths = { en: "/blog", es: "/es/blog" };

// core/fixed-pages.ts
var fixedPages = [
  { key: "home", kind: "home", paths: { en: "/", es: "/es" } },
  { key: "schedule", kind: "schedule", paths: { en: "/schedule", es: "/es/programar" } },
  { key: "payment", kind: "payment", paths: { en: "/payment", es: "/es/pago" } },
  {
    key: "government-filing-fees",
    kind: "fees",
    paths: { en: "/government-filing-fees", es: "/es/costos-de-tramite-del-gobierno" }
  },
  { key: "contact", kind: "contact", paths: { en: "/contact", es: "/es/contacto" } },
  { key: "blog", kind: "blog-index", paths: blogPaths },
  { key: "lfh-tv", kind: "lfh-tv", paths: { en: "/lfh-tv", es: "/es/lfh-tv" } },
  { key: "sitemap", kind: "sitemap", paths: { en: "/sitemap", es: "/es/mapa-del-sitio" } },
  { key: "areas-we-serve", kind: "areas-we-serve", paths: { en: "/areas-we-serve", es: "/es/zonas-de-servicio" } },
  { key: "download-seo-workbook", kind: "workbook", paths: { en: "/download-seo-workbook" } },
  { key: "immigration-law", kind: "immigration-law", paths: { en: "/immigration-law" } },
  { key: "browsing-safely", kind: "help", paths: { en: "/browsing-safely", es: "/es/navegar-con-seguridad" } },
  { key: "legal/privacy-policy", kind: "legal", paths: { en: "/privacy-policy", es: "/es/politica-de-privacidad" } },
  { key: "legal/terms-of-service", kind: "legal", paths: { en: "/terms-of-service", es: "/es/terminos-de-servicio" } },
  { key: "legal/legal-disclaimer", kind: "legal", paths: { en: "/legal-disclaimer", es: "/es/aviso-legal" } },
  { key: "legal/accessibility", kind: "legal", paths: { en: "/accessibility", es: "/es/accesibilidad" } },
  { key: "our-firm", kind: "firm", paths: firmPaths },
  {
    key: "our-firm/locations",
    kind: "locations",
    paths: { en: `${firmPaths.en}/locations`, es: `${firmPaths.es}/ubicaciones` }
  },
  {
    key: "our-firm/faqs",
    kind: "faqs",
    paths: { en: `${firmPaths.en}/faqs`, es: `${firmPaths.es}/preguntas-frecuentes` }
  },
  { key: "our-firm/join-our-team", kind: "careers", paths: careersPaths },
  { key: "practice-areas", kind: "practice-index", paths: practiceRoot }
];

// core/routes.ts
var allPages = [...fixedPages, ...contentPages];
var byKey = new Map(allPages.map((page) => [page.key, page]));
var byPath = /* @__PURE__ */ new Map();
for (const page of allPages) {
  for (const [locale, path] of Object.entries(page.paths)) {
    const taken = byPath.get(path);
    if (taken) throw new Error(`Route map: ${path} is the path of both ${taken.page.key} and ${page.key}`);
    byPath.set(path, { page, locale });
  }
}
function isPageKey(key) {
  return byKey.has(key);
}
function pageByPath(pathname) {
  return byPath.get(pathname);
}
function pathOf(key, locale) {
  const page = byKey.get(key);
  if (!page) throw new Error(`Unknown page key: ${key}`);
  return page.paths[locale] ?? page.paths.en ?? "/";
}
var homePath = (locale) => pathOf("home", locale);
var joinOurTeamPrefixes = [careersPaths.en, careersPaths.es];
function stripTrailingSlash(pathname) {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === "/") end--;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}
function renamedPaths() {
  const moved = /* @__PURE__ */ new Map();
  for (const page of allPages)
    for (const previous of page.previousPaths ?? []) {
      const now = page.paths[localeFromPath(previous)];
      if (now) moved.set(previous, now);
    }
  return moved;
}

// core/redirects.ts
var serviceTargets = {
  asylum: "practice-areas/deportation-asylum/asylum",
  "family-immigration": "practice-areas/family-based",
  "marriage-green-card": "practice-areas/family-based/marriage-based-green-card",
  "adjustment-of-status": "practice-areas/family-based/marriage-based-green-card",
  "consular-processing": "practice-areas/family-based/family-preference-green-card",
  naturalization: "practice-areas/citizenship/naturalization",
  "deportation-defense": "practice-areas/deportation-asylum/deportation-proceedings",
  "removal-proceedings": "practice-areas/deportation-asylum/deportation-proceedings",
  "bond-hearings": "practice-areas/deportation-asylum/deportation-proceedings",
  "waivers-i601-i601a": "practice-areas/deportation-asylum",
  vawa: "practice-areas/victims-of-crimes/vawa-lawyer",
  "u-visa": "practice-areas/victims-of-crimes/u-visa",
  "t-visa": "practice-areas/victims-of-crimes/t-visa",
  tps: "practice-areas/humanitarian/tps-temporary-protected-status",
  daca: "practice-areas/humanitarian/daca-lawyer",
  "appeals-motions": "practice-areas/deportation-asylum/deportation-proceedings",
  "foia-records": "practice-areas",
  h1b: "practice-areas/employment-based/h-1b-temporary-worker",
  l1a: "practice-areas/employment-based/l-1-manager-executive",
  l1b: "practice-areas/employment-based/l-1-manager-executive",
  o1: "practice-areas/employment-based/o-1-extraordinary-ability",
  tn: "practice-areas/employment-based/tn-visa-canadian",
  "e2-investor": "practice-areas/employment-based/e-2-investor-visa",
  eb1: "practice-areas/employment-based/eb-1-multinational-managers",
  eb1c: "practice-areas/employment-based/eb-1-multinational-managers",
  "eb2-niw": "practice-areas/employment-based/eb-2-advanced-degree-exceptional-ability",
  "eb2-perm": "practice-areas/employment-based/eb-2-advanced-degree-exceptional-ability",
  eb3: "practice-areas/employment-based/eb-3-skilled-professional-other",
  eb5: "practice-areas/employment-based/eb-5-immigrant-investor"
};
var legacyLocationCities = [
  "houston",
  "the-woodlands",
  "irving",
  "dallas",
  "austin",
  "san-antonio",
  "mcallen"
];
var topLevel = {
  "/about": "our-firm",
  "/services": "practice-areas",
  "/faq": "our-firm/faqs",
  "/testimonials": "our-firm",
  "/case-results": "our-firm",
  "/es/nosotros": "our-firm",
  "/es/servicios": "practice-areas",
  "/es/preguntas-frecuentes": "our-firm/faqs",
  "/es/testimonios": "our-firm",
  "/es/casos-de-exito": "our-firm"
};
function cityTarget(city) {
  const key = `cities/${city}`;
  return isPageKey(key) ? key : "areas-we-serve";
}
function legacyRedirects() {
  const map = new Map(renamedPaths());
  for (const [from, key] of Object.entries(topLevel)) map.set(from, pathOf(key, from.startsWith("/es") ? "es" : "en"));
  for (const [service, key] of Object.entries(serviceTargets)) {
    map.set(`/services/${service}`, pathOf(key, "en"));
    map.set(`/es/servicios/${service}`, pathOf(key, "es"));
  }
  for (const city of legacyLocationCities) {
    map.set(`/locations/${city}-tx`, pathOf(cityTarget(city), "en"));
    map.set(`/es/ubicaciones/${city}-tx`, pathOf(cityTarget(city), "es"));
  }
  return map;
}
var redirects = legacyRedirects();
function isSameSitePath(location) {
  return /^\/(?![/\\])/.test(location) || location === "/";
}
function legacyRedirect(pathname) {
  const collapsed = pathname.replace(/[/\\]+/g, "/");
  let start = 0;
  while (collapsed.startsWith("/en", start) && (collapsed.length === start + 3 || collapsed[start + 3] === "/"))
    start += 3;
  const rest = start === 0 ? collapsed : collapsed.slice(start) || "/";
  const stripped = stripTrailingSlash(rest);
  const target = redirects.get(stripped) ?? stripped;
  return target !== pathname ? target : void 0;
}

// server/static-site.ts
var contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json"
};
var redirectCacheControl = "public, max-age=86400";
function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join2(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : entry.isFile() ? [full] : [];
  });
}
function createSiteHandler(clientDir, csp) {
  const all = listFiles(clientDir).map((file) => `/${relative(clientDir, file).split(sep).join("/")}`);
  const present = new Set(all);
  const known = new Set(all.filter((file) => !file.endsWith(".br") && !file.endsWith(".gz")));
  const cache = /* @__PURE__ */ new Map();
  function load(relativePath) {
    if (!known.has(relativePath)) return null;
    const cached = cache.get(relativePath);
    if (cached) return cached;
    const file = join2(clientDir, relativePath);
    const variant = (suffix) => present.has(relativePath + suffix) ? readFileSync2(file + suffix) : void 0;
    const br = variant(".br");
    const gzip = variant(".gz");
    const type = contentTypes[extname(file)] ?? "application/octet-stream";
    const found = {
      body: readFileSync2(file),
      type,
      ...br ? { br } : {},
      ...gzip ? { gzip } : {},
      ...type.startsWith("text/html") ? { csp: csp(relativePath) } : {}
    };
    cache.set(relativePath, found);
    return found;
  }
  function respond(c, filePath, file, status) {
    const accept = c.req.header("accept-encoding") ?? "";
    const headers = new Headers({ "Content-Type": file.type, Vary: "Accept-Encoding" });
    let body = file.body;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      headers.set("Content-Encoding", "br");
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      headers.set("Content-Encoding", "gzip");
    }
    if (filePath.startsWith("/assets/")) headers.set("Cache-Control", "public, max-age=31536000, immutable");
    else if (file.type.startsWith("text/html")) headers.set("Cache-Control", "public, max-age=0, must-revalidate");
    else headers.set("Cache-Control", "public, max-age=86400");
    if (file.csp) headers.set("Content-Security-Policy", file.csp);
    headers.set("Content-Length", String(body.length));
    return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
  }
  return function handle(c) {
    const url2 = new URL(c.req.url);
    let pathname;
    try {
      pathname = decodeURIComponent(url2.pathname);
    } catch {
      pathname = "/__invalid__";
    }
    const redirect = legacyRedirect(pathname);
    if (redirect && isSameSitePath(redirect)) {
      c.header("Cache-Control", redirectCacheControl);
      return c.redirect(`${encodeURI(redirect)}${url2.search}`, 301);
    }
    const candidates = extname(pathname) ? [pathname] : [pathname === "/" ? "/index.html" : `${pathname}/index.html`];
    for (const filePath of candidates) {
      const file = load(filePath);
      if (file) return respond(c, filePath, file, 200);
    }
    const notFound = `${notFoundPaths[localeFromPath(pathname)]}/index.html`;
    const page = load(notFound);
    if (page) return respond(c, notFound, page, 404);
    return c.text("Not found", 404);
  };
}

// server/app.ts
var knownApiRoutes = new Set(Object.values(apiPaths));
function routeOf(path, status) {
  if (path.startsWith("/api/")) return knownApiRoutes.has(path) ? path : "/api/*";
  return status < 400 ? path : "*";
}
var maxRequestTarget = 2048;
var requestIdLength = 64;
var requestIdOf = (header) => header && header.length <= requestIdLength && !/[^\w\-=]/.test(header) ? header : randomUUID();
function routedPath(target) {
  if (!target.startsWith("/") || target.startsWith("//")) return void 0;
  try {
    const { pathname } = new URL(target, "http://localhost");
    return pathname.includes("%") ? decodeURI(pathname) : pathname;
  } catch {
    return void 0;
  }
}
function apiAnswersAtHeaders({
  refuse,
  trustedHops = 0,
  allowedOrigins = /* @__PURE__ */ new Set()
}) {
  return (request) => {
    if (request.method !== "POST" || request.url.length > maxRequestTarget) return void 0;
    const path = routedPath(request.url);
    const { origin: origin3, "sec-fetch-site": site } = request.headers;
    if (!path?.startsWith("/api/") || foreignPage(origin3, site, allowedOrigins)) return void 0;
    const id = requestIdOf(request.headers["x-request-id"]);
    return inRequest(id, () => {
      const refused = refuse(request, path);
      if (!refused) return void 0;
      log("access", { method: request.method, route: routeOf(path, refused.status), status: refused.status, ms: 0 });
      return {
        ...refused,
        headers: {
          ...apiSecurityHeaders,
          ...forwardedHttps(request.headers["x-forwarded-proto"], trustedHops) ? { "Strict-Transport-Security": strictTransportSecurity } : {},
          ...apiCorsHeaders(origin3, allowedOrigins),
          ...refused.headers,
          "Cache-Control": "no-store",
          "X-Request-Id": id
        }
      };
    });
  };
}
function createApp({ clientDir, csp, api, trustedHops = 0, allowedOrigins = /* @__PURE__ */ new Set() }) {
  const app = new Hono();
  app.use("*", requestId({ limitLength: requestIdLength }));
  app.use(
    "*",
    createMiddleware(
      (c, next) => inRequest(c.get("requestId"), async () => {
        const started = performance.now();
        await next();
        log("access", {
          method: c.req.method,
          route: routeOf(c.req.path, c.res.status),
          status: c.res.status,
          ms: Math.round(performance.now() - started)
        });
      })
    )
  );
  app.onError((error, c) => {
    log("request.error", { route: routeOf(c.req.path, 500), error: error.name, message: error.message.slice(0, 200) });
    return c.req.path.startsWith("/api/") ? c.json({ ok: false, error: "Something went wrong on our side. Please call us." }, 500) : c.text("Something went wrong on our side.", 500);
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
    c.res.headers.set("Cache-Control", "no-store");
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

// server/env.ts
import { hostname } from "node:os";
import { z as z2 } from "zod";

// server/intake/destinations.ts
import { Webhook } from "standardwebhooks";
import { z } from "zod";
var clioGrowHosts = {
  us: "https://grow.clio.com",
  eu: "https://eu.grow.clio.com",
  au: "https://au.grow.clio.com",
  ca: "https://ca.grow.clio.com"
};
var emailDestination = "email";
var prefix = "DESTINATION_";
var settingNames = ["KIND", "URL", "SECRET", "TOKEN", "REGION"];
function isDeliveryUrl(value) {
  try {
    const url2 = new URL(value);
    if (url2.username || url2.password) return false;
    if (url2.protocol === "https:") return true;
    return url2.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url2.hostname);
  } catch {
    return false;
  }
}
var deliveryUrl = z.string().refine(isDeliveryUrl, "must be an https:// URL (http:// only on loopback), no user:pass");
var webhookSecret = z.string().refine((value) => {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  try {
    new Webhook(value);
    return Buffer.from(value.slice("whsec_".length), "base64").length >= 24;
  } catch {
    return false;
  }
}, "must be a Standard Webhooks secret: whsec_ followed by at least 24 bytes in base64");
var schemas = {
  webhook: z.object({ KIND: z.literal("webhook"), URL: deliveryUrl, SECRET: webhookSecret }).strict(),
  "clio-grow": z.object({
    KIND: z.literal("clio-grow"),
    TOKEN: z.string().min(8, "must be the inbox token from Clio Grow (Settings, Integrations)"),
    REGION: z.enum(["us", "eu", "au", "ca"]).default("us"),
    /** Overrides the regional host (a test receiver). */
    URL: deliveryUrl.optional()
  }).strict()
};
var secretSettings = ["SECRET", "TOKEN"];
function parseDestinations(source) {
  const groups = /* @__PURE__ */ new Map();
  for (const [key, value] of Object.entries(source)) {
    if (!key.startsWith(prefix) || value === void 0 || value === "") continue;
    const match = /^DESTINATION_([A-Z0-9]+(?:_[A-Z0-9]+)*)_([A-Z]+)$/.exec(key);
    const setting = settingNames.find((name2) => name2 === match?.[2]);
    if (!match || !setting)
      throw new Error(`${key}: unknown setting (expected DESTINATION_<NAME>_${settingNames.join("|")})`);
    const group = groups.get(match[1]) ?? {};
    group[setting] = value;
    groups.set(match[1], group);
  }
  const destinations = [];
  for (const [upper, settings] of groups) {
    const name2 = upper.toLowerCase().replace(/_/g, "-");
    const variable = (setting) => `${prefix}${upper}_${setting}`;
    if (name2 === emailDestination) throw new Error(`${variable("KIND")}: the name "email" is reserved for the inbox`);
    const kind = settings.KIND;
    if (kind !== "webhook" && kind !== "clio-grow")
      throw new Error(
        `${variable("KIND")}: must be webhook or clio-grow (got ${kind === void 0 ? "nothing" : JSON.stringify(kind)})`
      );
    const result = schemas[kind].safeParse(settings);
    if (!result.success) {
      const issue = result.error.issues[0];
      const setting = String(issue.path[0] ?? (issue.code === "unrecognized_keys" ? issue.keys[0] : "KIND"));
      const got = settings[setting];
      const shown2 = got === void 0 ? "nothing" : secretSettings.includes(setting) ? "a value" : JSON.stringify(got);
      throw new Error(`${variable(setting)}: ${got === void 0 ? "is required" : issue.message} (got ${shown2})`);
    }
    const data = result.data;
    destinations.push(
      data.KIND === "webhook" ? { kind: "webhook", name: name2, url: data.URL, secret: data.SECRET } : {
        kind: "clio-grow",
        name: name2,
        url: data.URL ?? `${clioGrowHosts[data.REGION]}/inbox_leads`,
        token: data.TOKEN
      }
    );
  }
  return destinations.sort((a, b) => a.name.localeCompare(b.name));
}

// server/env.ts
var port = z2.coerce.number().int().min(0).max(65535);
var url = (protocols) => z2.string().refine(
  (value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  `must be a URL starting with ${protocols.join(" or ")}`
);
function isLoopbackHost(hostname2) {
  const host = hostname2.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
var secureUrl = z2.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || parsed.protocol === "http:" && isLoopbackHost(parsed.hostname);
  } catch {
    return false;
  }
}, "must be an https:// URL (http:// only on loopback: the secret and the verdict would cross the network in clear)");
var origin2 = z2.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}, "must be an origin such as https://www.example.com (no path)");
var origins = z2.string().transform(
  (value) => value.split(",").map((part) => part.trim()).filter(Boolean)
).pipe(z2.array(origin2)).transform((list) => list.map((value) => new URL(value).origin));
var schema = z2.object({
  PORT: port.default(3e3),
  HOST: z2.string().min(1).default("127.0.0.1"),
  /** The canonical site: its origin may always post to the API. */
  SITE_URL: url(["https:", "http:"]).default(firm.defaultSiteUrl),
  /** Unset or `file:` / a path: SQLite. `postgres://` or `postgresql://`: PostgreSQL. */
  DATABASE_URL: z2.string().min(1).default("file:./data/leads.db"),
  /** Unset: messages are written as .eml files to MAIL_DIR. */
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_DIR: z2.string().min(1).default("./data/mail"),
  MAIL_FROM: z2.string().min(3).default("LFH Immigration Law <no-reply@lfh-immigration.example>"),
  LEADS_EMAIL_TO: z2.string().email().default("intake@lfh-immigration.example"),
  RECAPTCHA_SECRET: z2.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: secureUrl.default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z2.coerce.number().min(0).max(1).default(0.5),
  /** Submissions one client address may make per minute on each form endpoint. */
  RATE_LIMIT_PER_MINUTE: z2.coerce.number().int().min(1).default(10),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: `false` (none,
   * the default: the connection's address counts), `true` (one) or a number. The client address
   * is the entry the outermost trusted proxy added, counted from the right, never one the client
   * wrote itself; X-Forwarded-Proto is believed only then.
   */
  TRUST_PROXY: z2.string().default("false").refine((v) => /^(true|false|[0-9])$/.test(v), "must be true, false or a number of proxies (0-9)").transform((v) => v === "true" ? 1 : v === "false" ? 0 : Number(v)),
  /** Other origins whose pages may post to the API (the site on a static host or CDN). */
  ALLOWED_ORIGINS: origins.default([]),
  /** Where the pages this server sends post their forms, when the API runs elsewhere. */
  API_ORIGIN: origin2.transform((value) => new URL(value).origin).optional(),
  /** Total resume bytes the store may hold; past it, applications are taken without the file. */
  UPLOAD_STORAGE_MB: z2.coerce.number().int().min(1).default(2048),
  /** Open connections the server serves at once; a connection past it is closed as soon as it opens. */
  MAX_CONNECTIONS: z2.coerce.number().int().min(16).default(1024),
  /** Open connections one client address (an IPv6 /64) may hold; not applied behind a proxy (TRUST_PROXY). */
  MAX_CONNECTIONS_PER_CLIENT: z2.coerce.number().int().min(2).default(32),
  /**
   * Days a submission is kept; the server purges older ones daily (the privacy policy promises
   * one year). `off`: kept until `npm run leads -- purge`.
   */
  PURGE_AFTER_DAYS: z2.string().default("365").refine(
    (v) => v === "off" || /^\d{1,5}$/.test(v) && Number(v) >= 1,
    "must be a number of days (1 or more) or off"
  ).transform((v) => v === "off" ? void 0 : Number(v)),
  /** Days a spam submission (honeypot, low captcha score) is kept, with the daily purge. */
  SPAM_KEEP_DAYS: z2.coerce.number().int().min(1).max(365).default(30),
  /** Spam submissions the store keeps at most; past it a new one is answered as usual and not stored. */
  SPAM_MAX_ROWS: z2.coerce.number().int().min(1).default(5e3),
  /**
   * Uploads (job applications) are answered 503 with Retry-After while the event loop has been
   * working more than this share of the last 50 ms, so pages and leads keep the thread through a
   * burst of uploads. Leads are never turned away for it. `off`: uploads are bounded only by
   * how many are in progress.
   */
  UPLOAD_SHED_LOAD: z2.string().default("0.75").refine(
    (v) => v === "off" || /^(0?\.\d{1,3}|1(\.0{1,3})?)$/.test(v) && Number(v) > 0,
    "must be a share of the loop's time between 0 and 1 (such as 0.75) or off"
  ).transform((v) => v === "off" ? void 0 : Number(v)),
  /** Names this process's outbox leases, so after a crash its restart takes them back at once. */
  INSTANCE_ID: z2.string().min(1).max(200).optional(),
  /** Attempts per destination before a lead is dead-lettered there and the firm is told. */
  DELIVERY_MAX_ATTEMPTS: z2.coerce.number().int().min(1).max(100).default(20),
  /** Minutes of failing delivery to one destination before the firm is alerted (once per incident). */
  ALERT_AFTER_MINUTES: z2.coerce.number().int().min(1).default(30),
  /** Where delivery problems are reported: email addresses and/or names of webhook destinations. */
  ALERT_TO: z2.string().transform(
    (value) => value.split(",").map((part) => part.trim()).filter(Boolean)
  ).optional(),
  /** The public origin of this service, for the resume links in webhooks (default: SITE_URL). */
  INTAKE_URL: origin2.transform((value) => new URL(value).origin).optional(),
  /** Where the server takes a backup of the store and the resume files every day (unset: no schedule). */
  BACKUP_DIR: z2.string().min(1).optional(),
  /** How many backups are kept in BACKUP_DIR (the oldest beyond it are removed after each). */
  BACKUP_KEEP: z2.coerce.number().int().min(1).max(1e3).default(7),
  /** When the daily backup runs, `HH:MM` in UTC (08:00 UTC is 2 or 3 a.m. in Texas). */
  BACKUP_AT: z2.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (UTC), such as 08:00").default("08:00"),
  /** The editor's local backend (`npm run cms`, decap-server on loopback): /admin may talk to this port. */
  CMS_LOCAL_PORT: port.default(8081),
  /** How long a resume link in a webhook stays valid. */
  RESUME_LINK_HOURS: z2.coerce.number().int().min(1).max(24 * 30).default(72)
});
function cleartextWarnings(data) {
  const warnings = [];
  if (data.SMTP_URL) {
    const smtp = new URL(data.SMTP_URL);
    if (smtp.protocol === "smtp:" && smtp.searchParams.get("requireTLS") === "false" && !isLoopbackHost(smtp.hostname))
      warnings.push({
        setting: "SMTP_URL",
        message: `requireTLS=false to ${smtp.hostname}, which is not this machine: leads may cross the network unencrypted`
      });
  }
  const intake = new URL(data.INTAKE_URL);
  if (intake.protocol === "http:" && !isLoopbackHost(intake.hostname))
    warnings.push({
      setting: "INTAKE_URL",
      message: `${intake.origin} is http: resume links in webhooks would travel and be followed in clear`
    });
  return warnings;
}
function loadEnv(source = process.env) {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== void 0 && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(present[String(issue.path[0])])})`
    );
  }
  const destinations = parseDestinations(present);
  const alertTo = result.data.ALERT_TO ?? [result.data.LEADS_EMAIL_TO];
  for (const recipient of alertTo) {
    const isEmail = z2.string().email().safeParse(recipient).success;
    const isWebhook = destinations.some((d) => d.kind === "webhook" && d.name === recipient);
    if (!isEmail && !isWebhook)
      throw new Error(
        `ALERT_TO: ${JSON.stringify(recipient)} is neither an email address nor a webhook destination's name${recipient === emailDestination ? " (write the address)" : ""}`
      );
  }
  const intakeUrl = result.data.INTAKE_URL ?? new URL(result.data.SITE_URL).origin;
  return {
    ...result.data,
    INSTANCE_ID: result.data.INSTANCE_ID ?? `${hostname()}:${result.data.PORT}`,
    ALERT_TO: alertTo,
    INTAKE_URL: intakeUrl,
    destinations,
    warnings: cleartextWarnings({ SMTP_URL: result.data.SMTP_URL, INTAKE_URL: intakeUrl })
  };
}

// server/http.ts
import { createServer, STATUS_CODES } from "node:http";
import { getRequestListener } from "@hono/node-server";
var httpLimits = {
  /** Whole request header must arrive within this. */
  headersTimeoutMs: 2e4,
  /** Whole request, body included (a 6 MB application on slow 3G takes about 2 minutes). */
  requestTimeoutMs: 18e4,
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: 5e3,
  /** A socket with no traffic at all is closed after this. */
  socketIdleMs: 3e4,
  /**
   * A lead (64 KB at most) arrives whole within this; a request to /api/leads still incomplete
   * then is cut off, so slow bodies cannot hold the lead form's connections for minutes.
   */
  leadRequestTimeoutMs: 15e3,
  /**
   * A body still arriving must bring at least this many bytes per second, measured over each
   * window below (slow 3G sends about 50 KB/s): a body trickled a byte at a time is cut off
   * within one window instead of holding its connection until the request timeout.
   */
  minBodyBytesPerSecond: 1024,
  bodyRateWindowMs: 5e3,
  /**
   * A request answered at its headers (see `answerAtHeaders`) keeps its connection this long
   * after the answer, unread, before it is closed: a client still sending its body gets the answer
   * before a reset could discard it, and sends no more than its socket buffers hold meanwhile.
   */
  refusedLingerMs: 2e3,
  /**
   * Requests one connection may have waiting for their answers. Browsers and proxies send a
   * request on a connection only once the answer to the one before has arrived; a client that
   * pipelines more is cut off, and what else it sent never reaches the app. Node parses a whole
   * read at once (up to 64 KB, some 1,500 small requests) and hands each request on in the same
   * turn of the event loop: unbounded, one write of pipelined requests held the loop for
   * hundreds of milliseconds.
   */
  maxPipelinedRequests: 8,
  /**
   * Pages and new connections before posts (see `postQueue`): at most this many posts start per
   * turn of the event loop, none in a turn that took in a new connection unless the oldest post
   * has waited `postMaxWaitMs`.
   */
  postsPerTurn: 8,
  postMaxWaitMs: 200
};
function requestHead(incoming) {
  const headers = {};
  for (const [name2, value] of Object.entries(incoming.headers))
    if (value !== void 0) headers[name2] = Array.isArray(value) ? value.join(", ") : value;
  return {
    method: incoming.method ?? "",
    url: incoming.url ?? "",
    headers,
    remoteAddress: incoming.socket.remoteAddress ?? "unknown"
  };
}
function answerAndClose(socket, answer, lingerMs) {
  socket.pause();
  const body = Buffer.from(answer.body);
  const lines = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`,
    ...Object.entries(answer.headers).map(([name2, value]) => `${name2}: ${value}`),
    `Content-Length: ${body.length}`,
    "Connection: close",
    `Date: ${(/* @__PURE__ */ new Date()).toUTCString()}`
  ];
  if (lines.some((line2) => /[\r\n]/.test(line2))) throw new Error("A header of an early answer holds a line break");
  socket.end(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r
\r
`), body]));
  const closing = setTimeout(() => socket.destroy(), lingerMs);
  closing.unref();
  socket.once("close", () => clearTimeout(closing));
}
function hostHeaders(rawHeaders) {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === "host") count++;
  return count;
}
function postQueue({ perTurn, maxWaitMs }) {
  const waiting = [];
  const queued = /* @__PURE__ */ new WeakSet();
  let scheduled = false;
  let startedThisTurn = 0;
  let lastSlice = 0;
  let lastArrival;
  function counted(start) {
    if (startedThisTurn++ === 0)
      setImmediate(() => {
        if (!scheduled) startedThisTurn = 0;
      });
    start();
  }
  function slice() {
    try {
      const oldest = waiting[0];
      const arriving = lastArrival !== void 0 && lastArrival.at > lastSlice && !queued.has(lastArrival.socket);
      const wait = arriving && oldest !== void 0 && performance.now() - oldest.since < maxWaitMs;
      for (; !wait && startedThisTurn < perTurn && waiting.length; startedThisTurn++) waiting.shift().start();
    } finally {
      startedThisTurn = 0;
      lastSlice = performance.now();
      if (waiting.length) setImmediate(slice);
      else scheduled = false;
    }
  }
  return {
    /** A connection was taken in. */
    connectionArrived(socket) {
      lastArrival = { socket, at: performance.now() };
    },
    /**
     * Starts `start` now if fewer than `perTurn` posts started in this turn and none waits, else
     * in a later turn, unless its connection is gone by then. (A client that ends its side of
     * the connection as soon as its request is sent, which no browser does, may then get no
     * answer: Node drops a request whose connection's end it reads before the request starts.)
     */
    add(start, socket) {
      if (!waiting.length && startedThisTurn < perTurn) return counted(start);
      queued.add(socket);
      const run = () => {
        queued.delete(socket);
        if (!socket.destroyed) start();
      };
      waiting.push({ start: run, since: performance.now() });
      if (scheduled) return;
      scheduled = true;
      setImmediate(slice);
    }
  };
}
function listen(app, options) {
  const limits2 = { ...httpLimits, ...options.limits };
  const firstRequest = /* @__PURE__ */ new WeakMap();
  const unanswered = /* @__PURE__ */ new WeakMap();
  const listener = getRequestListener(app.fetch);
  const server = createServer(
    {
      headersTimeout: limits2.headersTimeoutMs,
      requestTimeout: limits2.requestTimeoutMs,
      keepAliveTimeout: limits2.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (its default, 30 s, would let them slip).
      connectionsCheckingInterval: Math.min(1e3, limits2.headersTimeoutMs)
    },
    (incoming, outgoing) => {
      const socket = incoming.socket;
      if (socket.destroyed || socket.writableEnded) return;
      const waiting = (unanswered.get(socket) ?? 0) + 1;
      if (waiting > limits2.maxPipelinedRequests) return void socket.destroy();
      unanswered.set(socket, waiting);
      outgoing.once("close", () => unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1));
      if (hostHeaders(incoming.rawHeaders) > 1) {
        outgoing.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
        outgoing.end("Bad request: more than one Host header");
        return;
      }
      const mayHaveBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const early = mayHaveBody ? options.answerAtHeaders?.(requestHead(incoming)) : void 0;
      if (early) return answerAndClose(incoming.socket, early, limits2.refusedLingerMs);
      outgoing.once("finish", () => {
        if (!incoming.complete) socket.destroySoon();
      });
      if (mayHaveBody) posts.add(() => void listener(incoming, outgoing), socket);
      else void listener(incoming, outgoing);
    }
  );
  const posts = postQueue({ perTurn: limits2.postsPerTurn, maxWaitMs: limits2.postMaxWaitMs });
  server.maxConnections = options.maxConnections;
  server.setTimeout(limits2.socketIdleMs);
  const perClient = /* @__PURE__ */ new Map();
  server.on("connection", (socket) => {
    posts.connectionArrived(socket);
    if (options.maxConnectionsPerClient) {
      const key = clientKey(socket.remoteAddress ?? "unknown");
      const open2 = (perClient.get(key) ?? 0) + 1;
      perClient.set(key, open2);
      socket.once("close", () => {
        const left = (perClient.get(key) ?? 1) - 1;
        if (left > 0) perClient.set(key, left);
        else perClient.delete(key);
      });
      if (open2 > options.maxConnectionsPerClient) {
        socket.destroy();
        return;
      }
    }
    const deadline = setTimeout(() => socket.destroy(), limits2.headersTimeoutMs);
    deadline.unref();
    socket.once("close", () => clearTimeout(deadline));
    firstRequest.set(socket, deadline);
  });
  server.on("request", (request) => {
    if (request.socket.destroyed || request.socket.writableEnded) return;
    const deadline = firstRequest.get(request.socket);
    if (deadline) clearTimeout(deadline);
    const hasBody = request.headers["transfer-encoding"] !== void 0 || request.headers["content-length"] !== void 0 && request.headers["content-length"] !== "0";
    if (!hasBody) return;
    const isLead = (request.url ?? "").split("?")[0] === apiPaths.leads;
    const whole = setTimeout(
      () => {
        if (!request.complete) request.socket.destroy();
      },
      isLead ? limits2.leadRequestTimeoutMs : limits2.requestTimeoutMs
    );
    whole.unref();
    const socket = request.socket;
    let counted = socket.bytesRead;
    const rate = setInterval(() => {
      if (request.complete) return clearInterval(rate);
      const arrived = socket.bytesRead - counted;
      counted = socket.bytesRead;
      if (arrived < limits2.minBodyBytesPerSecond * limits2.bodyRateWindowMs / 1e3) socket.destroy();
    }, limits2.bodyRateWindowMs);
    rate.unref();
    request.once("close", () => {
      clearTimeout(whole);
      clearInterval(rate);
    });
  });
  return new Promise((resolve3, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      const address = server.address();
      resolve3({ server, port: typeof address === "object" && address ? address.port : options.port });
    });
  });
}

// server/intake/index.ts
import { Hono as Hono4 } from "hono";

// server/backup.ts
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync as existsSync3 } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname as dirname2, join as join4, resolve as resolve2 } from "node:path";
import { Worker } from "node:worker_threads";
import pg2 from "pg";

// server/intake/store.ts
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync as existsSync2, mkdirSync, statSync } from "node:fs";
import { dirname, join as join3, resolve } from "node:path";
import SQLite from "better-sqlite3";
import {
  sql,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect
} from "kysely";
import pg from "pg";

// core/form-options.ts
var leadSources = ["consultation-lead", "information-request"];
var leadTopics = [
  "family",
  "employment",
  "investor",
  "citizenship",
  "deportation-asylum",
  "victims",
  "students",
  "humanitarian",
  "other"
];
var captchaPlaceholder = { unavailable: "RECAPTCHA_UNAVAILABLE", error: "RECAPTCHA_ERROR" };
var captchaPlaceholders = Object.values(captchaPlaceholder);
var captchaActions = {
  "consultation-lead": "consultation_request",
  "information-request": "information_request",
  application: "job_application"
};
var limits = {
  nameMax: 120,
  emailMax: 254,
  phoneMax: 40,
  messageMax: 5e3,
  safeContactMax: 300,
  coverLetterMax: 1e4,
  resumeBytes: 5 * 1024 * 1024,
  /** A file name's length in characters: what common file systems allow, far below a slow match. */
  resumeNameMax: 255
};
var resumeTypes = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
};
function resumeExtension(name2) {
  const extension = name2.split(".").pop()?.toLowerCase() ?? "";
  return extension === "pdf" || extension === "doc" || extension === "docx" ? extension : void 0;
}
function resumeProblem(file) {
  if (file.name.length > limits.resumeNameMax) return "resumeName";
  if (!resumeExtension(file.name)) return "resumeType";
  if (file.size > limits.resumeBytes) return "resumeSize";
  return void 0;
}
var isEdge = (char) => /[\s._-]/.test(char);
function safeResumeName(name2, extension) {
  const bounded2 = name2.slice(-limits.resumeNameMax);
  const file = bounded2.slice(Math.max(bounded2.lastIndexOf("/"), bounded2.lastIndexOf("\\")) + 1).normalize("NFC");
  const dot = file.lastIndexOf(".");
  const cleaned = (dot === -1 ? file : file.slice(0, dot)).replace(/[^\p{L}\p{N} ._-]+/gu, "_");
  let start = 0;
  let end = cleaned.length;
  while (start < end && isEdge(cleaned[start])) start++;
  while (end > start && isEdge(cleaned[end - 1])) end--;
  const base = cleaned.slice(start, end).slice(0, 100);
  return `${base || "resume"}.${extension}`;
}

// core/stored-form.ts
var storedFormVersion = 2;
function storedLead(lead, page) {
  return {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    office: lead.office,
    message: lead.message,
    consent: lead.consent,
    topic: lead.topic,
    safeContact: lead.safeContact,
    locale: lead.locale,
    source: lead.source,
    page: page || void 0
  };
}
function storedApplication(application, page) {
  return {
    fullName: application.fullName,
    email: application.email,
    phone: application.phone,
    location: application.location,
    linkedin: application.linkedin,
    coverLetter: application.coverLetter,
    consent: application.consent,
    locale: application.locale,
    job: application.job,
    page: page || void 0
  };
}
function storedFormJson(stored) {
  return JSON.stringify({ version: storedFormVersion, ...stored });
}
var text = (value) => typeof value === "string" ? value : void 0;
function oneOf(options, value) {
  return options.find((option) => option === value);
}
function storedFields(details) {
  let parsed;
  try {
    parsed = JSON.parse(details);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  if ("version" in parsed && parsed.version === storedFormVersion && "fields" in parsed) {
    const { fields } = parsed;
    return typeof fields === "object" && fields !== null ? { ...fields } : {};
  }
  return { ...parsed };
}
function readStoredForm(row) {
  const raw = storedFields(row.details);
  const page = row.page || void 0;
  const locale = oneOf(locales, raw.locale) ?? oneOf(locales, row.locale);
  if (row.kind === "application")
    return {
      form: "application",
      fields: {
        fullName: text(raw.fullName) ?? row.name,
        email: text(raw.email) ?? row.email,
        phone: text(raw.phone) ?? row.phone,
        location: oneOf(officeChoices, raw.location) ?? oneOf(officeChoices, row.office) ?? "",
        linkedin: text(raw.linkedin),
        coverLetter: text(raw.coverLetter) ?? row.message,
        consent: raw.consent === true,
        locale,
        job: text(raw.job),
        page
      }
    };
  return {
    form: "lead",
    fields: {
      name: text(raw.name) ?? row.name,
      email: text(raw.email) ?? row.email,
      phone: text(raw.phone) ?? row.phone,
      office: oneOf(officeChoices, raw.office) ?? oneOf(officeChoices, row.office) ?? "",
      message: text(raw.message) ?? row.message,
      consent: raw.consent === true,
      topic: oneOf(leadTopics, raw.topic) ?? oneOf(leadTopics, row.topic) ?? "",
      safeContact: text(raw.safeContact),
      locale,
      source: oneOf(leadSources, raw.source),
      page
    }
  };
}

// server/intake/store.ts
function readSubmission(row) {
  return { ...row, details: readStoredForm(row) };
}
function migrations(dialect) {
  const isPostgres = dialect === "postgres";
  return {
    "0001-submissions-and-outbox": {
      async up(db) {
        await db.schema.createTable("submissions").addColumn("id", "text", (c) => c.primaryKey()).addColumn("kind", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("flags", "text", (c) => c.notNull().defaultTo("")).addColumn("captcha_score", "real").addColumn("created_at", "text", (c) => c.notNull()).addColumn("locale", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).addColumn("email", "text", (c) => c.notNull()).addColumn("phone", "text", (c) => c.notNull()).addColumn("office", "text", (c) => c.notNull()).addColumn("topic", "text", (c) => c.notNull()).addColumn("message", "text", (c) => c.notNull()).addColumn("page", "text", (c) => c.notNull()).addColumn("details", "text", (c) => c.notNull()).addColumn("resume_name", "text").addColumn("resume_type", "text").addColumn("resume", isPostgres ? "bytea" : "blob").execute();
        await db.schema.createIndex("submissions_created_at").on("submissions").column("created_at").execute();
        await db.schema.createTable("outbox").addColumn(
          "id",
          isPostgres ? "serial" : "integer",
          (c) => isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()
        ).addColumn("submission_id", "text", (c) => c.notNull().references("submissions.id").onDelete("cascade")).addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).addColumn("next_attempt_at", "text", (c) => c.notNull()).addColumn("lease_until", "text").addColumn("sent_at", "text").addColumn("last_error", "text").execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
      }
    },
    "0002-outbox-lease-owner": {
      async up(db) {
        await db.schema.alterTable("outbox").addColumn("lease_owner", "text").execute();
      }
    },
    // Rows queued before destinations existed were the email: they stay pending as such.
    "0003-outbox-per-destination": {
      async up(db) {
        await db.schema.alterTable("outbox").addColumn("destination", "text", (c) => c.notNull().defaultTo("email")).execute();
        await db.schema.alterTable("outbox").addColumn("created_at", "text").execute();
        await db.schema.alterTable("outbox").addColumn("failed_at", "text").execute();
        await sql`update outbox set created_at = (select s.created_at from submissions s where s.id = outbox.submission_id)`.execute(
          db
        );
        await db.schema.createIndex("outbox_lead_destination").on("outbox").columns(["submission_id", "destination"]).unique().execute();
        await db.schema.dropIndex("outbox_due").execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["destination", "sent_at", "failed_at", "next_attempt_at"]).execute();
        await db.schema.createTable("notices").addColumn("id", "text", (c) => c.primaryKey()).addColumn("subject", "text", (c) => c.notNull()).addColumn("body", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).addColumn("next_attempt_at", "text", (c) => c.notNull()).addColumn("lease_until", "text").addColumn("lease_owner", "text").addColumn("sent_at", "text").execute();
        await db.schema.createTable("incidents").addColumn("destination", "text", (c) => c.primaryKey()).addColumn("opened_at", "text", (c) => c.notNull()).execute();
      }
    },
    "0004-resume-files-and-review": {
      async up(db) {
        await db.schema.alterTable("submissions").addColumn("resume_file", "text").execute();
        await db.schema.alterTable("submissions").addColumn("resume_size", "integer").execute();
        await db.schema.createTable("review_digests").addColumn("day", "text", (c) => c.primaryKey()).addColumn("sent_at", "text", (c) => c.notNull()).execute();
        await db.schema.createIndex("submissions_status").on("submissions").column("status").execute();
      }
    },
    "0005-server-keys": {
      async up(db) {
        await db.schema.createTable("server_keys").addColumn("name", "text", (c) => c.primaryKey()).addColumn("key", "text", (c) => c.notNull()).execute();
      }
    }
  };
}
async function queueNotice(db, notice) {
  const inserted = await db.insertInto("notices").values({
    id: notice.id,
    subject: notice.subject,
    body: notice.lines.join("\n"),
    created_at: notice.at,
    attempts: 0,
    next_attempt_at: notice.at,
    lease_until: null,
    lease_owner: null,
    sent_at: null
  }).onConflict((oc) => oc.column("id").doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}
var StoreBusyError = class extends Error {
  constructor(message = "The store is busy") {
    super(message);
  }
};
var StoreUnreachableError = class extends StoreBusyError {
  constructor() {
    super("The store is unreachable");
  }
};
var unreachableCodes = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|08...|57P0[123])$/;
var unreachableMessages = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;
function isStoreUnreachable(error) {
  for (let cause = error, depth = 0; typeof cause === "object" && cause !== null && depth < 4; depth++) {
    if (cause instanceof StoreUnreachableError) return true;
    const code = "code" in cause && typeof cause.code === "string" ? cause.code : "";
    if (unreachableCodes.test(code)) return true;
    if (cause instanceof Error && unreachableMessages.test(cause.message)) return true;
    if (cause instanceof AggregateError) return cause.errors.some(isStoreUnreachable);
    cause = "cause" in cause ? cause.cause : void 0;
  }
  return false;
}
var StoreFullError = class extends Error {
  constructor(code) {
    super("The store is full");
    this.code = code;
  }
  code;
};
function storeFullCode(error) {
  if (typeof error !== "object" || error === null || !("code" in error)) return void 0;
  const { code } = error;
  return code === "SQLITE_FULL" || code === "53100" ? code : void 0;
}
function isBusy(error) {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const { code } = error;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}
async function withBusyRetry(write, budgetMs = 1e3, { whileUnreachable = true } = {}) {
  const until = Date.now() + budgetMs;
  let afterLostConnection = false;
  for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
    try {
      return await write({ afterLostConnection });
    } catch (error) {
      const unreachable = isStoreUnreachable(error);
      afterLostConnection ||= unreachable;
      if (unreachable ? !whileUnreachable : !isBusy(error)) throw error;
      if (Date.now() + delay > until) throw unreachable ? new StoreUnreachableError() : new StoreBusyError();
      await new Promise((resolve3) => setTimeout(resolve3, delay));
    }
  }
}
function isPostgresUrl(url2) {
  return /^postgres(ql)?:\/\//.test(url2);
}
function sqlitePath(url2) {
  return resolve(url2.replace(/^file:(\/\/)?/, ""));
}
async function serverKey(store, name2) {
  await store.db.insertInto("server_keys").values({ name: name2, key: randomBytes(32).toString("base64") }).onConflict((oc) => oc.column("name").doNothing()).execute();
  const row = await store.db.selectFrom("server_keys").select("key").where("name", "=", name2).executeTakeFirstOrThrow();
  return Buffer.from(row.key, "base64");
}
async function storedResumeBytes(store) {
  const size = store.dialect === "postgres" ? sql`octet_length(resume)` : sql`length(resume)`;
  const row = await store.db.selectFrom("submissions").select(sql`coalesce(sum(coalesce(resume_size, ${size})), 0)`.as("bytes")).where((eb) => eb.or([eb("resume", "is not", null), eb("resume_file", "is not", null)])).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
function narrowFileModes(file, fresh) {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync2(path)) continue;
    const mode = statSync(path).mode & 511;
    if (mode === 384) continue;
    chmodSync(path, 384);
    if (!fresh) log("store.mode_narrowed", { file: path.slice(file.length) || "database", was: mode.toString(8) });
  }
}
async function migrateToLatest(db, dialect) {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations(dialect)) } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error("Migration failed", { cause: error });
}
var errorCode = (error) => typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : "error";
function openPostgres(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5e3, keepAlive: true });
  const lost = /* @__PURE__ */ new WeakSet();
  const connectionLost = (client, error) => {
    if (lost.has(client)) return;
    lost.add(client);
    log("store.connection_lost", { code: errorCode(error) });
  };
  pool.on("error", (error, client) => connectionLost(client, error));
  pool.on("connect", (client) => client.on("error", (error) => connectionLost(client, error)));
  const borrowed = { connect: () => pool.connect(), end: () => Promise.resolve() };
  const migrator = new Kysely({ dialect: new PostgresDialect({ pool: borrowed }) });
  let migrated;
  const migrate = () => migrated ??= migrateToLatest(migrator, "postgres").catch((error) => {
    migrated = void 0;
    throw error;
  });
  const db = new Kysely({
    dialect: new PostgresDialect({
      pool: async () => {
        await migrate();
        return pool;
      }
    })
  });
  const end = async () => {
    await db.destroy().catch(() => void 0);
    if (!pool.ended) await pool.end();
  };
  return { db, migrate, end };
}
async function openStore(databaseUrl, options = {}) {
  if (isPostgresUrl(databaseUrl)) {
    const postgres = openPostgres(databaseUrl);
    try {
      await postgres.migrate();
    } catch (error) {
      if (!isStoreUnreachable(error)) {
        await postgres.end();
        throw error;
      }
      log("store.unreachable", { code: errorCode(error), detail: "migrations run once the database answers" });
    }
    const { db: db2 } = postgres;
    return { db: db2, dialect: "postgres", resumeDir: void 0, bookkeeping: (write) => write(db2), close: postgres.end };
  }
  const file = sqlitePath(databaseUrl);
  mkdirSync(dirname(file), { recursive: true, mode: 448 });
  const fresh = !existsSync2(file);
  const database = new SQLite(file);
  narrowFileModes(file, fresh);
  database.pragma("journal_mode = WAL");
  database.pragma("secure_delete = ON");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  const db = new Kysely({ dialect: new SqliteDialect({ database }) });
  try {
    await migrateToLatest(db, "sqlite");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  database.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 0))}`);
  const resumeDir = join3(dirname(file), "resumes");
  const bookkeeping = (write) => db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await write(connection);
    } finally {
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
  return { db, dialect: "sqlite", resumeDir, bookkeeping, close: () => db.destroy() };
}

// server/backup.ts
var manifestName = "manifest.json";
var backupName = /^leads-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
function sqlitePath2(url2) {
  return resolve2(url2.replace(/^file:(\/\/)?/, ""));
}
async function sha256(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}
async function fileEntry(file) {
  return { bytes: (await stat(file)).size, sha256: await sha256(file) };
}
var sqliteWorker = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
try {
  const source = new Database(workerData.source, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  source.prepare("VACUUM INTO ?").run(workerData.target);
  source.close();
  const copy = new Database(workerData.target);
  copy.pragma("journal_mode = DELETE");
  const check = copy.pragma("integrity_check", { simple: true });
  if (check !== "ok") throw new Error("the copy failed its integrity check: " + check);
  const submissions = copy.prepare("select count(*) as n from submissions").get().n;
  const files = copy.prepare("select resume_file as f from submissions where resume_file is not null").all().map((r) => r.f);
  const inRows = copy.prepare("select count(*) as count, coalesce(sum(length(resume)), 0) as bytes from submissions where resume is not null").get();
  copy.close();
  parentPort.postMessage({ submissions, files, inRows });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}`;
function copySqlite(source, target) {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(sqliteWorker, { eval: true, workerData: { driver, source, target } });
    worker.once("message", (answer) => {
      if ("error" in answer) reject(new Error(answer.error));
      else resolvePromise(answer);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the backup worker stopped (${code})`)));
  });
}
async function backupSqlite(databaseUrl, into) {
  const file = sqlitePath2(databaseUrl);
  if (!existsSync3(file)) throw new Error(`There is no store at ${file}`);
  const copy = await copySqlite(file, join4(into, "leads.db"));
  await chmod(join4(into, "leads.db"), 384);
  const resumeDir = join4(dirname2(file), "resumes");
  await mkdir(join4(into, "resumes"), { mode: 448 });
  const files = [];
  const missing = [];
  for (const name2 of copy.files) {
    const target = join4(into, "resumes", name2);
    try {
      await copyFile(join4(resumeDir, name2), target);
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
      missing.push(name2);
      continue;
    }
    await chmod(target, 384);
    files.push({ name: name2, ...await fileEntry(target) });
  }
  const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return {
    format: 1,
    dialect: "sqlite",
    store: { file: "leads.db", ...await fileEntry(join4(into, "leads.db")) },
    submissions: copy.submissions,
    resumes: { count: files.length + copy.inRows.count, bytes: fileBytes + copy.inRows.bytes },
    files,
    missing
  };
}
function pgTarget(url2) {
  const parsed = new URL(url2);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, ...password ? { PGPASSWORD: password } : {} } };
}
function runPgTool(tool, args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => stderr = (stderr + chunk.toString()).slice(-2e3));
    child.once("error", (error) => reject(new Error(`${tool} could not be run (${error.message}); is it on PATH?`)));
    child.once(
      "close",
      (code) => code === 0 ? resolvePromise() : reject(new Error(`${tool} failed (${code}): ${stderr.trim()}`))
    );
  });
}
async function pgCounts(client) {
  const { rows } = await client.query(
    "select count(*) as submissions, count(resume) as resumes, coalesce(sum(octet_length(resume)), 0) as bytes from submissions"
  );
  const row = rows[0];
  return { submissions: Number(row.submissions), resumes: { count: Number(row.resumes), bytes: Number(row.bytes) } };
}
async function backupPostgres(databaseUrl, into) {
  const target = pgTarget(databaseUrl);
  const client = new pg2.Client({ connectionString: databaseUrl });
  client.on("error", () => void 0);
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query("select pg_export_snapshot() as id")).rows[0].id;
    const counts = await pgCounts(client);
    const file = join4(into, "leads.dump");
    await runPgTool(
      "pg_dump",
      ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${target.url}`],
      target.env
    );
    await client.query("commit");
    await chmod(file, 384);
    return {
      format: 1,
      dialect: "postgres",
      store: { file: "leads.dump", ...await fileEntry(file) },
      ...counts,
      files: [],
      missing: []
    };
  } finally {
    await client.end();
  }
}
function backupFolderName(at) {
  return `leads-${at.toISOString().replace(/[:.]/g, "-")}`;
}
async function backupStore(databaseUrl, backupDir, options = {}) {
  const createdAt = (options.now ?? (() => /* @__PURE__ */ new Date()))();
  const name2 = backupFolderName(createdAt);
  const partial = join4(backupDir, `.${name2}.partial`);
  await mkdir(backupDir, { recursive: true, mode: 448 });
  await mkdir(partial, { mode: 448 });
  try {
    const body = isPostgresUrl(databaseUrl) ? await backupPostgres(databaseUrl, partial) : await backupSqlite(databaseUrl, partial);
    const manifest = { ...body, createdAt: createdAt.toISOString() };
    await writeFile(join4(partial, manifestName), `${JSON.stringify(manifest, null, 2)}
`, { mode: 384 });
    const dir = join4(backupDir, name2);
    await rename(partial, dir);
    if (options.keep) await pruneBackups(backupDir, options.keep, createdAt);
    return { dir, manifest, bytes: backupBytes(manifest) };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}
function backupBytes(manifest) {
  return manifest.store.bytes + manifest.files.reduce((sum, f) => sum + f.bytes, 0);
}
async function listBackups(backupDir) {
  const names = await readdir(backupDir).catch(() => []);
  return names.filter((name2) => backupName.test(name2) && existsSync3(join4(backupDir, name2, manifestName))).sort().reverse().map((name2) => join4(backupDir, name2));
}
async function pruneBackups(backupDir, keep, now = /* @__PURE__ */ new Date()) {
  const old = (await listBackups(backupDir)).slice(keep);
  const names = await readdir(backupDir).catch(() => []);
  for (const name2 of names.filter((n) => n.startsWith(".leads-") && n.endsWith(".partial"))) {
    const dir = join4(backupDir, name2);
    if (now.getTime() - (await stat(dir)).mtimeMs > 864e5) old.push(dir);
  }
  for (const dir of old) await rm(dir, { recursive: true, force: true });
  return old;
}
async function readManifest(dir) {
  const manifest = JSON.parse(await readFile(join4(dir, manifestName), "utf8"));
  if (manifest.format !== 1) throw new Error(`${dir}: not a backup this version can read`);
  return manifest;
}
async function latestBackup(backupDir) {
  const [dir] = await listBackups(backupDir);
  if (!dir) return void 0;
  const manifest = await readManifest(dir);
  return { dir, manifest, bytes: backupBytes(manifest) };
}

// server/backup-schedule.ts
function msUntil(at, now) {
  const [hours = 0, minutes = 0] = at.split(":").map(Number);
  const next = new Date(now);
  next.setUTCHours(hours, minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}
function scheduleBackups(options) {
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  let status;
  void latestBackup(options.dir).then(
    (latest) => {
      if (latest && !status)
        status = {
          ok: true,
          at: latest.manifest.createdAt,
          bytes: latest.bytes,
          submissions: latest.manifest.submissions
        };
    },
    () => void 0
  );
  async function alert(at, message) {
    await queueNotice(options.db, {
      id: `backup:${at}`,
      subject: "The nightly backup of the leads failed",
      lines: [
        `The backup started at ${at} into ${options.dir} failed: ${message}`,
        "The leads themselves are safe in the store; only the copy is missing.",
        "",
        "Take one by hand once the cause is fixed (disk space, permissions, pg_dump on PATH): npm run backup"
      ],
      at
    });
  }
  async function run() {
    const at = now().toISOString();
    try {
      const result = await backupStore(options.databaseUrl, options.dir, { keep: options.keep, now });
      status = {
        ok: true,
        at: result.manifest.createdAt,
        bytes: result.bytes,
        submissions: result.manifest.submissions
      };
      log("backup.done", {
        dir: result.dir,
        bytes: result.bytes,
        submissions: result.manifest.submissions,
        resumes: result.manifest.resumes.count,
        ...result.manifest.missing.length ? { resumesGone: result.manifest.missing.length } : {}
      });
    } catch (error) {
      const message = error.message.slice(0, 500);
      status = { ok: false, at, error: message };
      log("backup.failed", { dir: options.dir, message });
      await alert(at, message).catch(
        (alertError) => log("backup.alert_failed", { message: alertError.message.slice(0, 200) })
      );
    }
    return status;
  }
  let running = Promise.resolve();
  let timer;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = running.then(run).finally(plan);
      },
      msUntil(options.at, now())
    );
    timer.unref();
  };
  plan();
  return {
    /** Takes a backup now (after any in progress). */
    run() {
      const next = running.then(run);
      running = next;
      return next;
    },
    status: () => status,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    }
  };
}

// server/intake/accept.ts
import { createHash as createHash2, randomUUID as randomUUID3 } from "node:crypto";

// core/forms.ts
import * as z3 from "zod/mini";

// core/i18n/en.ts
var casesBasis = `more than 500 immigration matters approved or granted since ${firm.foundedYear}, counted from the firm\u2019s case records`;
var priorResults = "Prior results do not guarantee a similar outcome.";
var en = {
  ui: {
    skipToContent: "Skip to content",
    loading: "Loading...",
    mainNav: "Main",
    home: "Home",
    practiceAreas: "Practice Areas",
    ourFirm: "Our Firm",
    aboutUs: "About Us",
    locations: "Locations",
    faqs: "FAQs",
    lfhTv: "LFH TV",
    blog: "Blog",
    contact: "Contact",
    viewAll: "View all practice areas",
    payments: "PAYMENTS",
    requestInformation: "Request Information",
    callUs: "Call us",
    callNow: "Call now",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    menuTitle: "Menu",
    switchLanguage: "Espa\xF1ol",
    switchLanguageLabel: "Ver este sitio en espa\xF1ol",
    noCounterpartLabel: "Esta p\xE1gina solo existe en ingl\xE9s. Ver la p\xE1gina m\xE1s cercana en espa\xF1ol",
    languageSuggestion: "\xBFPrefiere leer en espa\xF1ol?",
    languageSuggestionAction: "Ver en espa\xF1ol",
    dismiss: "Dismiss",
    quickExit: "Quick exit",
    quickExitPointer: "Leave this site at once",
    quickExitTouch: "Tap to leave now",
    quickExitKeys: "Or press Esc three times",
    browsingSafely: "Browsing safely",
    quickActions: "Quick actions",
    scrollToTop: "Back to top",
    freeConsultation: "Free consultation",
    callShort: "Call",
    chat: "Chat with us",
    chatApp: "WhatsApp",
    chatOpensApp: "opens WhatsApp",
    chatGreeting: "Hello! I would like information about an immigration consultation.",
    exitTitle: "Before you go: talk to an immigration attorney",
    exitClaims: [
      `${firm.stats.cases} successful cases (${casesBasis}). ${priorResults}`,
      "Response usually within 24 hours",
      "Free consultation, at no cost or obligation"
    ],
    casesBasis,
    priorResults,
    exitCall: "Consultation line",
    exitPhoneNote: `Our consultation line reaches the same team as our main number, ${firm.phone}.`,
    close: "Close",
    footerClaim: "Immigration attorneys serving families, workers and employers across Texas, in English and Spanish, for 15+ years.",
    responsibleAttorney: "Attorney responsible for this website",
    principalOffice: "Principal office",
    byAppointment: "by appointment",
    scheduleConsultation: "Schedule Consultation",
    quickLinks: "Quick links",
    featuredPractice: "Featured practice areas",
    contactUs: "Contact us",
    followUs: "Follow us",
    legal: "Legal",
    areasWeServe: "Areas We Serve",
    joinOurTeam: "Join Our Team",
    privacy: "Privacy Policy",
    terms: "Terms of Service",
    disclaimer: "Legal Disclaimer",
    accessibility: "Accessibility",
    paymentsLink: "Payments",
    governmentFees: "Government filing fees",
    copyright: "All rights reserved.",
    agencyCredit: "Website by",
    attorneyAdvertising: "Attorney advertising. Prior results do not guarantee a similar outcome.",
    notFoundTitle: "Page not found",
    notFoundMessage: "The page you're looking for doesn't exist or has been moved.",
    notFoundPracticeLink: "See all practice areas",
    notFoundDescription: "This page could not be found. Find our practice areas, offices and contact details.",
    opensInNewTab: "(opens in a new tab)",
    howWeHelp: "How we can help",
    learnMore: "Learn more",
    mainOffice: "Main office",
    directions: "Get directions",
    hours: "Monday to Friday, 9:00 a.m. to 6:00 p.m., by appointment",
    hoursLabel: "Hours",
    phoneLabel: "Phone",
    addressLabel: "Address",
    nearestOffice: "Nearest office",
    onThisPage: "On this page",
    minRead: "min read",
    publishedOn: "Published",
    updatedOn: "Updated",
    topicFilter: "Show articles about",
    allTopics: "All topics",
    reviewedOn: "Reviewed",
    by: "By",
    relatedArticles: "Related reading",
    relatedPages: "Related practice areas",
    formsInvolved: "Forms involved",
    lastReviewed: "Facts reviewed on",
    reviewedBy: "Reviewed by",
    searchSite: "Search the site",
    searchOpen: "Search",
    searchTitle: "Search the site",
    searchClose: "Close search",
    searchPlaceholder: "Search by topic, visa or form",
    searchButton: "Search",
    searchResult: "result for",
    searchResults: "results for",
    searchResultsLabel: "Search results",
    searching: "Searching\u2026",
    searchFailed: "Search is not available right now. Please try again, or call us.",
    searchNoResults: "No page matches your search. Try another word, or contact us with your question.",
    education: "Education",
    barAdmissions: "Bar admissions",
    languages: "Languages",
    focusAreas: "Focus areas",
    ourAttorneys: "Our attorneys",
    postedOn: "Posted",
    department: "Department",
    location: "Location",
    employmentType: "Employment type",
    bilingualRequired: "Bilingual (English and Spanish) required",
    responsibilities: "Responsibilities",
    requirements: "Requirements",
    benefits: "Benefits",
    openPositions: "Open positions",
    pay: "Pay",
    payPer: { HOUR: "an hour", YEAR: "a year" },
    applyNow: "Apply now",
    bookingTitle: "Choose a time for your consultation",
    bookingLoad: "Show the booking calendar",
    bookingNotice: "Pick a day and time that suit you, at one of our offices or by video.",
    bookingDirect: "Open the booking calendar in a new tab",
    payNow: "Make a secure payment",
    payCard: "Pay by card",
    playVideo: "Play video",
    watchOnYouTube: "Watch on YouTube",
    videoNotice: "To protect your privacy, the YouTube player opens only when you press play.",
    downloadWorkbook: "Download the workbook (PDF)",
    allPages: "All pages",
    sitemapSections: {
      main: "Main pages",
      practice: "Practice areas",
      firm: "Our firm",
      blog: "Blog",
      cities: "Cities we serve",
      legal: "Legal"
    },
    generalInfo: "This page is general information, not legal advice. Every case is different: schedule a consultation to talk about yours.",
    employmentTypes: { FULL_TIME: "Full time", PART_TIME: "Part time", CONTRACTOR: "Contractor", INTERN: "Internship" },
    breadcrumb: "Breadcrumb",
    toastSent: "Request sent",
    effective: "Effective date",
    lastUpdated: "Last updated",
    trustLabel: "About the firm",
    trustSince: "Serving Texas since",
    trustBar: "Attorneys licensed by the State Bar of Texas",
    trustLanguages: "Consultations in English and Spanish",
    trustOffices: "Four Texas offices, by appointment",
    trustConsultation: "Free first consultation, no obligation",
    associations: "Memberships",
    reviewsHeading: "What our clients say",
    reviewsDisclaimer: "Reviews are shared with our clients' permission and describe their own experience. Every case is different, and prior results do not guarantee a similar outcome.",
    reviewOn: "on",
    ratingOutOf: "out of 5 stars",
    pageGuide: "Page guide",
    noticeLabel: "Notice",
    profileLabel: "Attorney profile",
    meetAttorneys: "Meet your attorneys",
    viewProfile: "View profile",
    seeAlso: "See also",
    paymentOptions: "Two ways to pay",
    paymentWhich: "Not sure which? Use \u201CMake a secure payment\u201D: it takes every kind of payment. The card form is only a shortcut for one payment by card.",
    payNowHint: "For invoices, retainers and payment-plan installments. You enter the name on your case and the amount on our payment provider\u2019s secure page.",
    payCardHint: "A short form for a one-time payment with a credit or debit card.",
    reachUs: "Talk to us today",
    reachUsLead: "Call during office hours or send the form: we usually reply within 24 hours.",
    pagesInCategory: "pages"
  },
  meta: {
    defaultTitle: "Texas Immigration Lawyers | LFH Immigration Law",
    defaultDescription: "Immigration attorneys in The Woodlands, Houston, Katy and Irving, in English and Spanish. Family, employment, citizenship and deportation defense.",
    shareImageAlt: "LFH Immigration Law: immigration attorneys in Texas, offices in The Woodlands, Houston, Katy and Irving"
  },
  validation: {
    name: "Please enter your full name",
    nameTooLong: "Please shorten your name to 120 characters or fewer",
    email: "Please enter a valid email address",
    phone: "Please enter a valid phone number",
    office: "Please choose one of our offices",
    message: "Please add some details (at least 10 characters)",
    messageTooLong: "Please shorten your message to 5,000 characters or fewer",
    safeContactTooLong: "Please shorten this to 300 characters or fewer",
    consent: "You must agree to the privacy policy to continue",
    company: "Please leave this field empty",
    topic: "Please choose a topic from the list",
    location: "Please choose an office location",
    linkedin: "Please enter your LinkedIn address, for example linkedin.com/in/your-name",
    coverLetter: "Please tell us a little about yourself (at least 50 characters)",
    resumeName: "Please rename the file to 255 characters or fewer and attach it again",
    resumeType: "Please attach a PDF, DOC or DOCX file",
    resumeSize: "Please attach a file of 5 MB or less",
    resumeContent: "This file does not look like a PDF, DOC or DOCX document. Please attach the document itself",
    resumeActive: "This file contains macros, scripts, embedded files or links to outside content. Please save it as a plain PDF or DOCX and attach it again",
    resumeStorageFull: "We cannot receive files right now. Please send your application without the resume and email the resume to us",
    characters: "Please remove invisible or control characters from this field",
    invalid: "Please check this field"
  },
  consultation: {
    heading: "Free consultation",
    intro: "Tell us about your case. An attorney reviews every request.",
    name: "Full name",
    email: "Email",
    phone: "Phone",
    office: "Preferred office (optional)",
    officeAny: "Any office",
    message: "How can we help?",
    safeContact: "Safe way and time to reach you (optional)",
    safeContactHint: "Tell us how and when it is safe to contact you, and whether we may leave a message. For example: \u201CText only, weekdays after 2 p.m. Do not leave a voicemail.\u201D",
    consent: "I agree to the privacy policy and to be contacted about my request.",
    privacyLink: "Read the privacy policy",
    company: "Company (leave empty)",
    submit: "Send request",
    sending: "Sending...",
    success: "Thanks! We'll reach out shortly.",
    nextTitle: "What happens next",
    nextCall: `A member of our intake team calls you from ${firm.phone}, usually within 24 hours.`,
    /** Instead of the call above when the visitor said how it is safe to reach her: never contradict her. */
    nextSafeContact: "Our intake team will contact you only the way you told us is safe: how, when, and whether we may leave a message.",
    nextUrgent: `If someone is detained, or has an immigration court hearing this week, call us now at ${firm.phone} and say so: we see those first.`,
    reference: "Your reference number",
    referenceHint: "Mention it if you call or write to us.",
    error: "Could not submit. Please try again later.",
    noAttorneyClient: "Sending this form does not create an attorney-client relationship.",
    imageAlt: "Illustration: two people talking across a table with papers on it"
  },
  information: {
    heading: "Request information",
    intro: "Send us your question: we usually reply within 24 hours.",
    topic: "Topic",
    topicAny: "Not sure / other",
    submit: "Send request"
  },
  careers: {
    heading: "Apply for this position",
    fullName: "Full name",
    email: "Email",
    phone: "Phone",
    location: "Location preference",
    linkedin: "LinkedIn profile (optional)",
    coverLetter: "Cover letter",
    coverLetterHint: "At least 50 characters: a few sentences about you and why this role.",
    resume: "Resume (optional; PDF, DOC or DOCX, up to 5 MB)",
    consent: "I agree to the privacy policy and to be contacted about my application.",
    submit: "Submit application",
    submitting: "Submitting...",
    successTitle: "Application Submitted!",
    successMessage: "Thank you for your interest in joining the firm. We will review your application and contact you if there is a match.",
    errorTitle: "Submission Error",
    errorMessage: "We encountered an issue submitting your application. Please try again or contact us directly.",
    emailUs: "Email us at",
    chooseFile: "Choose a file",
    noFile: "No file chosen"
  },
  topics: {
    family: "Family immigration and green cards",
    employment: "Work visas and employment green cards",
    investor: "Investor visas (E-2, EB-5)",
    citizenship: "Citizenship and naturalization",
    "deportation-asylum": "Deportation defense and asylum",
    victims: "Crime victims (U visa, T visa, VAWA)",
    students: "Student and exchange visas",
    humanitarian: "DACA and TPS",
    other: "Something else"
  },
  /** The fee table: how a page shows an amount, and the government filing fees page. */
  fees: {
    sinceTitle: "{payee} amount since {effective}; verified {verified}",
    inForceTitle: "{payee} amount in force when verified on {verified}",
    payees: {
      uscis: "USCIS",
      state: "State Department",
      court: "Immigration court",
      dhs: "DHS",
      firm: "Our firm's"
    },
    variants: {
      standard: "Standard",
      paper: "Paper",
      online: "Online",
      reduced: "Reduced fee",
      "small-employer": "Small employer (25 or fewer employees)",
      "small-or-nonprofit": "Small employer or nonprofit",
      "large-employer": "More than 25 employees",
      nonprofit: "Nonprofit",
      "with-i-485": "Filed with a pending I-485",
      initial: "First one",
      renewal: "Renewal",
      previous: "Earlier amount",
      proposed: "Proposed, not final",
      minimum: "At least",
      "targeted-area": "Targeted employment area",
      low: "From",
      high: "Up to"
    },
    noFee: "No fee",
    estimatorTitle: "Estimate the government fees of your case",
    estimatorIntro: "Pick a path to see each form, each fee and the total. Open one path, or read them all.",
    pickPath: "Paths",
    form: "Form",
    purpose: "What it is for",
    amount: "Amount",
    since: "Since",
    verified: "Verified",
    required: "Total",
    withOptional: "Total with the items marked optional or if needed",
    allPaths: "Show every path",
    governmentOnly: "Government fees only; ask us about ours.",
    verifiedOn: "Figures verified on {date}.",
    tableTitle: "Every fee the site quotes",
    payeeHeadings: {
      uscis: "USCIS fees",
      state: "State Department fees",
      court: "Immigration court fees",
      dhs: "Other fees set by the 2025 law",
      firm: "Our fees"
    },
    figuresTitle: "Other amounts the site quotes (not fees)",
    source: "Source",
    estimatorLink: "See every fee and the total for this path"
  },
  /** How a page shows a ledger fact: the date it was last checked at its source, then the claim. */
  facts: {
    asOf: "As of {date}:",
    source: "Source"
  },
  result: {
    receivedTitle: "We received your request",
    receivedBody: "Thank you. A member of our team will contact you shortly.",
    receivedSafeContact: "Thank you. A member of our team will contact you only the way you told us is safe: how, when, and whether we may leave a message.",
    fixTitle: "Please check your request",
    fixBody: "Some answers need your attention:",
    back: "Go back to the form",
    home: "Back to the home page",
    busy: "We could not save your request just now. Please try again in a few seconds, or call us.",
    storeFull: `We could not save your request because of a problem on our side. Please call us at ${firm.phone}.`,
    refusedTitle: "Your request has not been sent yet",
    notYourFault: "This is not a problem with what you wrote.",
    rateLimited: "Many requests came from your connection in the last minute. Please wait a minute, then send it again.",
    tooLarge: "Your request is larger than our form accepts. Please shorten your message or attach a smaller file, then send it again.",
    unsupported: "Your browser sent the form in a way our system could not read. Please send it again from the form.",
    serverError: "Something went wrong on our side. Please try again in a few minutes.",
    callInstead: "Or call us now:",
    keptBack: "What you typed is still in the form: use your browser's Back button to return to it.",
    keptHere: "What you typed is still here.",
    retrying: "We will send it again automatically in {seconds} seconds.",
    retryNow: "Send it again now"
  }
};

// core/i18n/es.ts
var casesBasis2 = `m\xE1s de 500 asuntos migratorios aprobados o concedidos desde ${firm.foundedYear}, seg\xFAn los registros de casos del bufete`;
var priorResults2 = "Los resultados anteriores no garantizan un resultado similar.";
var es = {
  ui: {
    skipToContent: "Saltar al contenido",
    loading: "Cargando...",
    mainNav: "Principal",
    home: "Inicio",
    practiceAreas: "\xC1reas de pr\xE1ctica",
    ourFirm: "Nuestro bufete",
    aboutUs: "Qui\xE9nes somos",
    locations: "Ubicaciones",
    faqs: "Preguntas frecuentes",
    lfhTv: "LFH TV",
    blog: "Blog",
    contact: "Contacto",
    viewAll: "Ver todas las \xE1reas de pr\xE1ctica",
    payments: "PAGOS",
    requestInformation: "Solicitar informaci\xF3n",
    callUs: "Ll\xE1menos",
    callNow: "Llame ahora",
    openMenu: "Abrir men\xFA",
    closeMenu: "Cerrar men\xFA",
    menuTitle: "Men\xFA",
    switchLanguage: "English",
    switchLanguageLabel: "View this site in English",
    noCounterpartLabel: "This page exists only in Spanish. See the closest page in English",
    languageSuggestion: "Prefer to read in English?",
    languageSuggestionAction: "View in English",
    dismiss: "Cerrar",
    quickExit: "Salida r\xE1pida",
    quickExitPointer: "Salga de este sitio de inmediato",
    quickExitTouch: "Toque para salir ahora",
    quickExitKeys: "O pulse Esc tres veces",
    browsingSafely: "Navegar con seguridad",
    quickActions: "Acciones r\xE1pidas",
    scrollToTop: "Volver arriba",
    freeConsultation: "Consulta gratuita",
    callShort: "Llamar",
    chat: "Escr\xEDbanos",
    chatApp: "WhatsApp",
    chatOpensApp: "abre WhatsApp",
    chatGreeting: "\xA1Hola! Me gustar\xEDa recibir informaci\xF3n sobre una consulta de inmigraci\xF3n.",
    exitTitle: "Antes de irse: hable con un abogado de inmigraci\xF3n",
    exitClaims: [
      `M\xE1s de 500 casos exitosos (${casesBasis2}). ${priorResults2}`,
      "Respuesta normalmente en 24 horas",
      "Consulta gratuita, sin costo ni compromiso"
    ],
    casesBasis: casesBasis2,
    priorResults: priorResults2,
    exitCall: "L\xEDnea de consultas",
    exitPhoneNote: `Nuestra l\xEDnea de consultas comunica con el mismo equipo que nuestro n\xFAmero principal, ${firm.phone}.`,
    close: "Cerrar",
    footerClaim: "Abogados de inmigraci\xF3n al servicio de familias, trabajadores y empleadores en todo Texas, en ingl\xE9s y en espa\xF1ol, desde hace m\xE1s de 15 a\xF1os.",
    responsibleAttorney: "Abogada responsable de este sitio web",
    principalOffice: "Oficina principal",
    byAppointment: "con cita previa",
    scheduleConsultation: "Programar consulta",
    quickLinks: "Enlaces r\xE1pidos",
    featuredPractice: "\xC1reas de pr\xE1ctica destacadas",
    contactUs: "Cont\xE1ctenos",
    followUs: "S\xEDganos",
    legal: "Legal",
    areasWeServe: "Zonas de servicio",
    joinOurTeam: "Trabaje con nosotros",
    privacy: "Pol\xEDtica de privacidad",
    terms: "T\xE9rminos de servicio",
    disclaimer: "Aviso legal",
    accessibility: "Accesibilidad",
    paymentsLink: "Pagos",
    governmentFees: "Costos de tr\xE1mite del gobierno",
    copyright: "Todos los derechos reservados.",
    agencyCredit: "Sitio web por",
    attorneyAdvertising: "Publicidad de abogados. Los resultados anteriores no garantizan un resultado similar.",
    notFoundTitle: "P\xE1gina no encontrada",
    notFoundMessage: "La p\xE1gina que busca no existe o se ha movido.",
    notFoundPracticeLink: "Ver todas las \xE1reas de pr\xE1ctica",
    notFoundDescription: "No encontramos esta p\xE1gina. Consulte nuestras \xE1reas de pr\xE1ctica, oficinas y datos de contacto.",
    opensInNewTab: "(se abre en una pesta\xF1a nueva)",
    howWeHelp: "\xBFEn qu\xE9 podemos ayudarle?",
    learnMore: "M\xE1s informaci\xF3n",
    mainOffice: "Oficina principal",
    directions: "C\xF3mo llegar",
    hours: "Lunes a viernes, de 9:00 a. m. a 6:00 p. m., con cita previa",
    hoursLabel: "Horario",
    phoneLabel: "Tel\xE9fono",
    addressLabel: "Direcci\xF3n",
    nearestOffice: "Oficina m\xE1s cercana",
    onThisPage: "En esta p\xE1gina",
    minRead: "min de lectura",
    publishedOn: "Publicado",
    updatedOn: "Actualizado el",
    topicFilter: "Mostrar art\xEDculos sobre",
    allTopics: "Todos los temas",
    reviewedOn: "Revisado",
    by: "Por",
    relatedArticles: "Lecturas relacionadas",
    relatedPages: "\xC1reas de pr\xE1ctica relacionadas",
    formsInvolved: "Formularios",
    lastReviewed: "Informaci\xF3n revisada el",
    reviewedBy: "Revisado por",
    searchSite: "Buscar en el sitio",
    searchOpen: "Buscar",
    searchTitle: "Buscar en el sitio",
    searchClose: "Cerrar la b\xFAsqueda",
    searchPlaceholder: "Busque por tema, visa o formulario",
    searchButton: "Buscar",
    searchResult: "resultado para",
    searchResults: "resultados para",
    searchResultsLabel: "Resultados de la b\xFAsqueda",
    searching: "Buscando\u2026",
    searchFailed: "La b\xFAsqueda no est\xE1 disponible en este momento. Int\xE9ntelo de nuevo o ll\xE1menos.",
    searchNoResults: "Ninguna p\xE1gina coincide con su b\xFAsqueda. Pruebe otra palabra o env\xEDenos su pregunta.",
    education: "Educaci\xF3n",
    barAdmissions: "Colegiaturas",
    languages: "Idiomas",
    focusAreas: "\xC1reas de enfoque",
    ourAttorneys: "Nuestros abogados",
    postedOn: "Publicado",
    department: "Departamento",
    location: "Ubicaci\xF3n",
    employmentType: "Tipo de empleo",
    bilingualRequired: "Se requiere ser biling\xFCe (ingl\xE9s y espa\xF1ol)",
    responsibilities: "Responsabilidades",
    requirements: "Requisitos",
    benefits: "Beneficios",
    openPositions: "Vacantes",
    pay: "Salario",
    payPer: { HOUR: "por hora", YEAR: "al a\xF1o" },
    applyNow: "Post\xFAlese ahora",
    bookingTitle: "Elija un horario para su consulta",
    bookingLoad: "Mostrar el calendario de citas",
    bookingNotice: "Elija el d\xEDa y la hora que le convengan, en una de nuestras oficinas o por videollamada.",
    bookingDirect: "Abrir el calendario de citas en una pesta\xF1a nueva",
    payNow: "Hacer un pago seguro",
    payCard: "Pagar con tarjeta",
    playVideo: "Reproducir video",
    watchOnYouTube: "Ver en YouTube",
    videoNotice: "Para proteger su privacidad, el reproductor de YouTube se abre solo cuando usted presiona reproducir.",
    downloadWorkbook: "Descargar el cuaderno (PDF)",
    allPages: "Todas las p\xE1ginas",
    sitemapSections: {
      main: "P\xE1ginas principales",
      practice: "\xC1reas de pr\xE1ctica",
      firm: "Nuestro bufete",
      blog: "Blog",
      cities: "Ciudades que atendemos",
      legal: "Legal"
    },
    generalInfo: "Esta p\xE1gina es informaci\xF3n general, no asesor\xEDa legal. Cada caso es diferente: programe una consulta para hablar del suyo.",
    employmentTypes: {
      FULL_TIME: "Tiempo completo",
      PART_TIME: "Medio tiempo",
      CONTRACTOR: "Contratista",
      INTERN: "Pr\xE1ctica profesional"
    },
    breadcrumb: "Ruta de navegaci\xF3n",
    toastSent: "Solicitud enviada",
    effective: "Fecha de vigencia",
    lastUpdated: "\xDAltima actualizaci\xF3n",
    trustLabel: "Sobre el bufete",
    trustSince: "Al servicio de Texas desde",
    trustBar: "Abogados con licencia del Colegio de Abogados de Texas",
    trustLanguages: "Consultas en espa\xF1ol e ingl\xE9s",
    trustOffices: "Cuatro oficinas en Texas, con cita previa",
    trustConsultation: "Primera consulta gratuita, sin compromiso",
    associations: "Membres\xEDas",
    reviewsHeading: "Lo que dicen nuestros clientes",
    reviewsDisclaimer: "Las rese\xF1as se publican con permiso de nuestros clientes y describen su propia experiencia. Cada caso es diferente y los resultados anteriores no garantizan un resultado similar.",
    reviewOn: "en",
    ratingOutOf: "de 5 estrellas",
    pageGuide: "Gu\xEDa de la p\xE1gina",
    noticeLabel: "Aviso",
    profileLabel: "Perfil del abogado",
    meetAttorneys: "Conozca a sus abogados",
    viewProfile: "Ver perfil",
    seeAlso: "Vea tambi\xE9n",
    paymentOptions: "Dos formas de pagar",
    paymentWhich: "\xBFNo sabe cu\xE1l usar? Use \u201CHacer un pago seguro\u201D: acepta todo tipo de pagos. El formulario de tarjeta es solo un atajo para un pago \xFAnico con tarjeta.",
    payNowHint: "Para facturas, anticipos y pagos de un plan a plazos. En la p\xE1gina segura de nuestro proveedor de pagos usted indica el nombre de su caso y el monto.",
    payCardHint: "Un formulario breve para un pago \xFAnico con tarjeta de cr\xE9dito o d\xE9bito.",
    reachUs: "Hable con nosotros hoy",
    reachUsLead: "Llame en horario de oficina o env\xEDe el formulario: normalmente respondemos en 24 horas.",
    pagesInCategory: "p\xE1ginas"
  },
  meta: {
    defaultTitle: "Abogados de Inmigraci\xF3n en Texas | LFH Immigration Law",
    defaultDescription: "Abogados de inmigraci\xF3n en The Woodlands, Houston, Katy e Irving, en ingl\xE9s y en espa\xF1ol. Familia, empleo, ciudadan\xEDa y defensa contra la deportaci\xF3n.",
    shareImageAlt: "LFH Immigration Law: abogados de inmigraci\xF3n en Texas, con oficinas en The Woodlands, Houston, Katy e Irving"
  },
  validation: {
    name: "Por favor, escriba su nombre completo",
    nameTooLong: "Por favor, acorte su nombre a 120 caracteres o menos",
    email: "Por favor, escriba un correo electr\xF3nico v\xE1lido",
    phone: "Por favor, escriba un n\xFAmero de tel\xE9fono v\xE1lido",
    office: "Por favor, elija una de nuestras oficinas",
    message: "Por favor, agregue algunos detalles (al menos 10 caracteres)",
    safeContactTooLong: "Por favor, acorte este texto a 300 caracteres o menos",
    messageTooLong: "Por favor, acorte su mensaje a 5,000 caracteres o menos",
    consent: "Debe aceptar la pol\xEDtica de privacidad para continuar",
    company: "Por favor, deje este campo vac\xEDo",
    topic: "Por favor, elija un tema de la lista",
    location: "Por favor, elija una oficina",
    linkedin: "Por favor, escriba su direcci\xF3n de LinkedIn, por ejemplo linkedin.com/in/su-nombre",
    coverLetter: "Por favor, cu\xE9ntenos un poco sobre usted (al menos 50 caracteres)",
    resumeName: "Por favor, cambie el nombre del archivo a 255 caracteres o menos y adj\xFAntelo de nuevo",
    resumeType: "Por favor, adjunte un archivo PDF, DOC o DOCX",
    resumeSize: "Por favor, adjunte un archivo de 5 MB o menos",
    resumeContent: "Este archivo no parece un documento PDF, DOC o DOCX. Por favor, adjunte el documento en s\xED",
    resumeActive: "Este archivo contiene macros, scripts, archivos incrustados o enlaces a contenido externo. Por favor, gu\xE1rdelo como un PDF o DOCX sencillo y adj\xFAntelo de nuevo",
    resumeStorageFull: "En este momento no podemos recibir archivos. Por favor, env\xEDe su solicitud sin el curr\xEDculum y env\xEDenos el curr\xEDculum por correo electr\xF3nico",
    characters: "Por favor, quite los caracteres invisibles o de control de este campo",
    invalid: "Por favor, revise este campo"
  },
  consultation: {
    heading: "Consulta gratuita",
    intro: "Cu\xE9ntenos sobre su caso. Un abogado revisa cada solicitud.",
    name: "Nombre completo",
    email: "Correo electr\xF3nico",
    phone: "Tel\xE9fono",
    office: "Oficina de preferencia (opcional)",
    officeAny: "Cualquier oficina",
    message: "\xBFC\xF3mo podemos ayudarle?",
    safeContact: "Forma y hora seguras para comunicarnos con usted (opcional)",
    safeContactHint: "D\xEDganos c\xF3mo y cu\xE1ndo es seguro llamarle o escribirle, y si podemos dejarle un mensaje. Por ejemplo: \u201CSolo mensajes de texto, entre semana despu\xE9s de las 2 p.m. No deje mensaje de voz.\u201D",
    consent: "Acepto la pol\xEDtica de privacidad y que me contacten sobre mi solicitud.",
    privacyLink: "Lea la pol\xEDtica de privacidad",
    company: "Empresa (deje este campo vac\xEDo)",
    submit: "Enviar solicitud",
    sending: "Enviando...",
    success: "\xA1Gracias! Nos comunicaremos con usted pronto.",
    nextTitle: "Qu\xE9 sigue",
    nextCall: `Un miembro de nuestro equipo de admisi\xF3n le llamar\xE1 desde el ${firm.phone}, normalmente en 24 horas.`,
    nextSafeContact: "Nuestro equipo de admisi\xF3n se comunicar\xE1 con usted solo de la forma que nos indic\xF3 como segura: c\xF3mo, cu\xE1ndo y si podemos dejarle un mensaje.",
    nextUrgent: `Si alguien est\xE1 detenido o tiene una audiencia en la corte de inmigraci\xF3n esta semana, ll\xE1menos ahora al ${firm.phone} y d\xEDganoslo: atendemos esos casos primero.`,
    reference: "Su n\xFAmero de referencia",
    referenceHint: "Menci\xF3nelo si nos llama o nos escribe.",
    error: "No se pudo enviar. Int\xE9ntelo m\xE1s tarde.",
    noAttorneyClient: "Enviar este formulario no crea una relaci\xF3n abogado-cliente.",
    imageAlt: "Ilustraci\xF3n: dos personas conversan en una mesa con papeles"
  },
  information: {
    heading: "Solicite informaci\xF3n",
    intro: "Env\xEDenos su pregunta: normalmente respondemos en 24 horas.",
    topic: "Tema",
    topicAny: "No estoy seguro / otro",
    submit: "Enviar solicitud"
  },
  careers: {
    heading: "Post\xFAlese a este puesto",
    fullName: "Nombre completo",
    email: "Correo electr\xF3nico",
    phone: "Tel\xE9fono",
    location: "Oficina de preferencia",
    linkedin: "Perfil de LinkedIn (opcional)",
    coverLetter: "Carta de presentaci\xF3n",
    coverLetterHint: "Al menos 50 caracteres: unas frases sobre usted y por qu\xE9 le interesa este puesto.",
    resume: "Curr\xEDculum (opcional; PDF, DOC o DOCX, hasta 5 MB)",
    consent: "Acepto la pol\xEDtica de privacidad y que me contacten sobre mi postulaci\xF3n.",
    submit: "Enviar postulaci\xF3n",
    submitting: "Enviando...",
    successTitle: "\xA1Postulaci\xF3n enviada!",
    successMessage: "Gracias por su inter\xE9s en formar parte del bufete. Revisaremos su postulaci\xF3n y le contactaremos si su perfil se ajusta al puesto.",
    errorTitle: "Error al enviar",
    errorMessage: "Tuvimos un problema al enviar su postulaci\xF3n. Por favor, int\xE9ntelo de nuevo o comun\xEDquese directamente con nosotros.",
    emailUs: "Escr\xEDbanos a",
    chooseFile: "Elegir un archivo",
    noFile: "Ning\xFAn archivo elegido"
  },
  topics: {
    family: "Inmigraci\xF3n familiar y green cards",
    employment: "Visas de trabajo y green cards por empleo",
    investor: "Visas de inversionista (E-2, EB-5)",
    citizenship: "Ciudadan\xEDa y naturalizaci\xF3n",
    "deportation-asylum": "Defensa contra la deportaci\xF3n y asilo",
    victims: "V\xEDctimas de delitos (visa U, visa T, VAWA)",
    students: "Visas de estudiante e intercambio",
    humanitarian: "DACA y TPS",
    other: "Otro asunto"
  },
  fees: {
    sinceTitle: "Monto de {payee} desde el {effective}; verificado el {verified}",
    inForceTitle: "Monto de {payee} vigente al verificarlo el {verified}",
    payees: {
      uscis: "USCIS",
      state: "Departamento de Estado",
      court: "corte de inmigraci\xF3n",
      dhs: "DHS",
      firm: "nuestra firma"
    },
    variants: {
      standard: "Est\xE1ndar",
      paper: "En papel",
      online: "En l\xEDnea",
      reduced: "Tarifa reducida",
      "small-employer": "Empleador peque\xF1o (25 empleados o menos)",
      "small-or-nonprofit": "Empleador peque\xF1o u organizaci\xF3n sin fines de lucro",
      "large-employer": "M\xE1s de 25 empleados",
      nonprofit: "Organizaci\xF3n sin fines de lucro",
      "with-i-485": "Presentado con un I-485 pendiente",
      initial: "Primera vez",
      renewal: "Renovaci\xF3n",
      previous: "Monto anterior",
      proposed: "Propuesto, no definitivo",
      minimum: "Al menos",
      "targeted-area": "\xC1rea de empleo focalizada",
      low: "Desde",
      high: "Hasta"
    },
    noFee: "Sin costo",
    estimatorTitle: "Calcule las tarifas del gobierno de su caso",
    estimatorIntro: "Elija un camino para ver cada formulario, cada tarifa y el total. Abra un camino o l\xE9alos todos.",
    pickPath: "Caminos",
    form: "Formulario",
    purpose: "Para qu\xE9 es",
    amount: "Monto",
    since: "Desde",
    verified: "Verificado",
    required: "Total",
    withOptional: "Total con los pasos opcionales o que se necesitan solo a veces",
    allPaths: "Mostrar todos los caminos",
    governmentOnly: "Solo tarifas del gobierno; preg\xFAntenos por las nuestras.",
    verifiedOn: "Montos verificados el {date}.",
    tableTitle: "Todas las tarifas que cita el sitio",
    payeeHeadings: {
      uscis: "Tarifas de USCIS",
      state: "Tarifas del Departamento de Estado",
      court: "Tarifas de la corte de inmigraci\xF3n",
      dhs: "Otras tarifas de la ley de 2025",
      firm: "Nuestras tarifas"
    },
    figuresTitle: "Otros montos que cita el sitio (no son tarifas)",
    source: "Fuente",
    estimatorLink: "Vea cada tarifa y el total de este camino"
  },
  facts: {
    asOf: "Al {date}:",
    source: "Fuente"
  },
  result: {
    receivedTitle: "Recibimos su solicitud",
    receivedBody: "Gracias. Un miembro de nuestro equipo se comunicar\xE1 con usted pronto.",
    receivedSafeContact: "Gracias. Un miembro de nuestro equipo se comunicar\xE1 con usted solo de la forma que nos indic\xF3 como segura: c\xF3mo, cu\xE1ndo y si podemos dejarle un mensaje.",
    fixTitle: "Por favor, revise su solicitud",
    fixBody: "Algunas respuestas necesitan su atenci\xF3n:",
    back: "Volver al formulario",
    home: "Volver a la p\xE1gina de inicio",
    busy: "No pudimos guardar su solicitud en este momento. Por favor, int\xE9ntelo de nuevo en unos segundos o ll\xE1menos.",
    storeFull: `No pudimos guardar su solicitud por un problema de nuestra parte. Por favor, ll\xE1menos al ${firm.phone}.`,
    refusedTitle: "Su solicitud todav\xEDa no se ha enviado",
    notYourFault: "No es un problema de lo que usted escribi\xF3.",
    rateLimited: "Recibimos muchas solicitudes desde su conexi\xF3n en el \xFAltimo minuto. Por favor, espere un minuto y vuelva a enviarla.",
    tooLarge: "Su solicitud es m\xE1s grande de lo que acepta nuestro formulario. Por favor, acorte su mensaje o adjunte un archivo m\xE1s peque\xF1o y vuelva a enviarla.",
    unsupported: "Su navegador envi\xF3 el formulario de una forma que nuestro sistema no pudo leer. Por favor, vuelva a enviarlo desde el formulario.",
    serverError: "Algo fall\xF3 de nuestro lado. Por favor, int\xE9ntelo de nuevo en unos minutos.",
    callInstead: "O ll\xE1menos ahora:",
    keptBack: "Lo que usted escribi\xF3 sigue en el formulario: use el bot\xF3n Atr\xE1s de su navegador para volver a \xE9l.",
    keptHere: "Lo que usted escribi\xF3 sigue aqu\xED.",
    retrying: "La volveremos a enviar autom\xE1ticamente en {seconds} segundos.",
    retryNow: "Volver a enviarla ahora"
  }
};

// core/i18n/index.ts
var dictionaries = { en, es };
function messages(locale) {
  return dictionaries[locale];
}

// core/text.ts
var hiddenClass = String.raw`\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800`;
var textAllowed = String.raw`\t\n\r\u2028\u2029\u200C\u200D\uFE0E\uFE0F`;
var hiddenInLine = new RegExp(`[${hiddenClass}]`, "u");
var hiddenInText = new RegExp(`(?![${textAllowed}])[${hiddenClass}]`, "u");
function isCleanLine(value) {
  return !hiddenInLine.test(value);
}
function isCleanText(value) {
  return !hiddenInText.test(value);
}
var letter = new RegExp("\\p{L}", "u");
function hasLetter(value) {
  return letter.test(value);
}
function looksLikePhone(value) {
  const match = /^(\+?[\d\s().\-/]+)(?:(?:x|ext\.?|extension)\s*\d{1,6})?$/i.exec(value.trim());
  if (!match) return false;
  const digits = (match[1] ?? "").replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}
function singleLine(value) {
  return value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, " ");
}
var unseen = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}\u2800]/gu;
var messageKeeps = /* @__PURE__ */ new Set(["\n", "	", "\u200D", "\uFE0E", "\uFE0F"]);
function visibleControls(value, keepNewlines = false) {
  return value.replace(unseen, (char) => {
    if (keepNewlines && messageKeeps.has(char)) return char;
    const code = char.codePointAt(0) ?? 0;
    if (code < 256) return `\\x${code.toString(16).padStart(2, "0")}`;
    return code < 65536 ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`;
  });
}

// core/forms.ts
var bounded = (min, max, tooShort, tooLong) => [
  z3.normalize("NFC"),
  z3.trim(),
  z3.maxLength(max, { message: tooLong, abort: true }),
  z3.minLength(min, { message: tooShort, abort: true })
];
var line = (m, min, max, tooShort, tooLong) => z3.string(tooShort).check(...bounded(min, max, tooShort, tooLong), z3.refine(isCleanLine, { message: m.characters, abort: true }));
var paragraphs = (m, min, max, tooShort, tooLong) => z3.string(tooShort).check(...bounded(min, max, tooShort, tooLong), z3.refine(isCleanText, { message: m.characters, abort: true }));
var name = (m) => line(m, 2, limits.nameMax, m.name, m.nameTooLong).check(z3.refine(hasLetter, m.name));
var email2 = (m) => z3.string(m.email).check(...bounded(1, limits.emailMax, m.email, m.email), z3.email(m.email));
var phone = (m) => line(m, 7, limits.phoneMax, m.phone, m.phone).check(z3.refine(looksLikePhone, m.phone));
var hidden = (m, max) => z3.string(m.invalid).check(z3.maxLength(max, { message: m.invalid, abort: true }), z3.refine(isCleanLine, m.invalid));
function perLocale(build) {
  const built = /* @__PURE__ */ new Map();
  return (locale) => {
    let schema2 = built.get(locale);
    if (!schema2) {
      schema2 = build(locale);
      built.set(locale, schema2);
    }
    return schema2;
  };
}
var leadSchema = perLocale((locale) => {
  const m = messages(locale).validation;
  return z3.object({
    name: name(m),
    email: email2(m),
    phone: phone(m),
    office: z3.optional(z3.union([z3.enum(officeChoices, m.office), z3.literal("")], m.office)),
    message: paragraphs(m, 10, limits.messageMax, m.message, m.messageTooLong),
    consent: z3.boolean(m.consent).check(z3.refine((v) => v === true, m.consent)),
    company: z3.optional(z3.string(m.company).check(z3.maxLength(0, m.company))),
    topic: z3.optional(z3.union([z3.enum(leadTopics, m.topic), z3.literal("")], m.topic)),
    /** Survivors' pages: how and when the firm may reach the visitor safely, and whether to leave a message. */
    safeContact: z3.optional(line(m, 0, limits.safeContactMax, m.invalid, m.safeContactTooLong)),
    recaptchaToken: z3.optional(hidden(m, 4096)),
    locale: z3.optional(z3.enum(locales)),
    source: z3.optional(z3.enum(leadSources)),
    page: z3.optional(hidden(m, 500))
  });
});
var careersSchema = perLocale((locale) => {
  const m = messages(locale).validation;
  return z3.object({
    fullName: name(m),
    email: email2(m),
    phone: phone(m),
    location: z3.enum(officeChoices, m.location),
    linkedin: z3.optional(
      z3.union(
        [
          z3.literal(""),
          z3.string(m.linkedin).check(
            z3.trim(),
            z3.maxLength(300, { message: m.linkedin, abort: true }),
            z3.refine(isCleanLine, { message: m.linkedin, abort: true }),
            // "linkedin.com/in/name" is how people copy it: the scheme is optional.
            z3.regex(/^(https?:\/\/)?([a-z]{2,3}\.)?linkedin\.com\/\S+$/i, m.linkedin)
          )
        ],
        m.linkedin
      )
    ),
    coverLetter: paragraphs(m, 50, limits.coverLetterMax, m.coverLetter, m.messageTooLong),
    consent: z3.boolean(m.consent).check(z3.refine((v) => v === true, m.consent)),
    company: z3.optional(z3.string(m.company).check(z3.maxLength(0, m.company))),
    recaptchaToken: z3.optional(hidden(m, 4096)),
    locale: z3.optional(z3.enum(locales)),
    job: z3.optional(hidden(m, 200)),
    page: z3.optional(hidden(m, 500))
  });
});
function fieldErrors(issues) {
  const errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
function validate(schema2, input) {
  const result = schema2.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
}

// server/intake/arrivals.ts
function createArrivals(clock = Date.now) {
  let last = -Infinity;
  return {
    arrived() {
      last = clock();
    },
    sinceLast: () => clock() - last
  };
}
var sleep = (ms) => new Promise((resolve3) => setTimeout(resolve3, ms));
async function giveWay(arrivals, { quietMs, maxMs, pause = sleep, cancelled = () => false }) {
  const until = Date.now() + maxMs;
  for (; ; ) {
    const left = Math.min(quietMs - arrivals.sinceLast(), until - Date.now());
    if (left <= 0 || cancelled()) return;
    await pause(Math.ceil(left));
  }
}

// server/intake/form-data.ts
import busboy from "busboy";
var BodyError = class extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  status;
};
var bodyLimits = {
  /** Fields and files together (parts of a multipart body, pairs of a form, keys of JSON). */
  fields: 30,
  /** One field's value, in bytes. */
  fieldBytes: 64 * 1024,
  /** Headers of one multipart part (a browser sends two). */
  partHeaders: 8,
  /** A field's name, in bytes. */
  fieldNameBytes: 100,
  /** The longest Content-Type header read for a boundary. */
  contentTypeLength: 200,
  /**
   * Pieces a body may arrive in before they must average `pieceBytes` each. A slow link brings a
   * packet or more per read (over 500 bytes); chunked encoding lets a client cut a body into
   * one-byte chunks, and each piece costs the whole way through the streams and the parser: a
   * 64 KB lead sent a byte a chunk held the event loop for 160 ms at a time.
   */
  freePieces: 64,
  pieceBytes: 256
};
function fileName(sent) {
  return sent.replace(/%(22|0D|0A)/gi, (_escape, code) => String.fromCharCode(parseInt(code, 16)));
}
function ownBytes(parts) {
  const bytes = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.byteLength, 0)));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
async function parseFormData(body, contentType, { maxBytes, known }) {
  const fields = {};
  const files = {};
  let failure;
  const fail = (error) => {
    failure ??= error;
  };
  let parser;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        parts: bodyLimits.fields,
        fields: bodyLimits.fields,
        files: 1,
        fieldSize: bodyLimits.fieldBytes,
        fieldNameSize: bodyLimits.fieldNameBytes,
        // The body limit bounds the file; a file over the resume limit but within the body limit
        // reaches the resume check, which tells the visitor the limit in their language.
        fileSize: maxBytes,
        headerPairs: bodyLimits.partHeaders
      }
    });
  } catch {
    throw new BodyError(400, "Malformed form data");
  }
  const pending = [];
  parser.on("field", (name2, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new BodyError(413, "Field too large"));
    if (known.has(name2) && !Object.hasOwn(fields, name2)) fields[name2] = value;
  });
  parser.on("file", (name2, stream, info) => {
    const parts = [];
    stream.on("data", (chunk) => parts.push(chunk));
    stream.on("limit", () => fail(new BodyError(413, "File too large")));
    stream.on("error", () => fail(new BodyError(400, "Malformed form data")));
    pending.push(
      new Promise(
        (resolve3) => stream.on("close", () => {
          const bytes = ownBytes(parts);
          if (known.has(name2) && bytes.byteLength > 0 && !Object.hasOwn(files, name2))
            files[name2] = { name: fileName(info.filename ?? ""), type: info.mimeType, bytes };
          resolve3();
        })
      )
    );
  });
  for (const event of ["partsLimit", "filesLimit", "fieldsLimit"])
    parser.on(event, () => fail(new BodyError(413, "Too many parts")));
  const finished = new Promise((resolve3) => {
    parser.on("close", resolve3);
    parser.on("error", () => {
      fail(new BodyError(400, "Malformed form data"));
      resolve3();
    });
  });
  parser.end(body);
  await finished;
  await Promise.all(pending);
  if (failure) throw failure;
  if ("consent" in fields) fields.consent = fields.consent === "true" || fields.consent === "on";
  return { fields, files };
}

// server/intake/upload-workers.ts
import { availableParallelism } from "node:os";
import { Worker as Worker2 } from "node:worker_threads";
var taskTimeoutMs = 2e4;
var workerHeapMb = 128;
function workerEntry() {
  if (!import.meta.url.endsWith(".ts")) return new URL("./upload-worker.mjs", import.meta.url);
  const source = new URL("./upload-worker.ts", import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
var Exhausted = class extends Error {
};
function lent(message) {
  if ("bytes" in message) return [message.bytes];
  if ("body" in message) return [message.body.buffer];
  if ("parsed" in message) return Object.values(message.parsed.files).map((file) => file.bytes.buffer);
  return [];
}
function ask(worker, task) {
  return new Promise((resolve3, reject) => {
    const finish = (error, answer) => {
      clearTimeout(timer);
      worker.off("message", answered).off("error", failed).off("exit", exited);
      if (answer) resolve3(answer);
      else reject(error ?? new Error("upload worker gave no answer"));
    };
    const answered = (answer) => finish(void 0, answer);
    const failed = (error) => finish(Reflect.get(error, "code") === "ERR_WORKER_OUT_OF_MEMORY" ? new Exhausted(error.message) : error);
    const exited = (code) => finish(new Error(`upload worker exited with ${code}`));
    const timer = setTimeout(() => finish(new Exhausted(`${task.task} timed out`)), taskTimeoutMs);
    worker.on("message", answered).on("error", failed).on("exit", exited);
    worker.postMessage(task, lent(task));
  });
}
function createPool(size) {
  const idle = [];
  const waiting = [];
  let busy = 0;
  function start() {
    const worker = new Worker2(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    const retire = () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    };
    worker.on("error", retire).on("exit", retire);
    return worker;
  }
  async function lend(task) {
    const worker = idle.pop() ?? start();
    worker.ref();
    try {
      const answer = await ask(worker, task);
      worker.unref();
      idle.push(worker);
      return answer;
    } catch (error) {
      void worker.terminate();
      throw error;
    }
  }
  return async function run(task) {
    if (busy >= size) await new Promise((turn) => waiting.push(turn));
    busy += 1;
    try {
      return await lend(task);
    } finally {
      busy -= 1;
      waiting.shift()?.();
    }
  };
}
var inWorker = createPool(Math.max(1, Math.min(2, availableParallelism() - 1)));

// server/intake/body.ts
function bodyKind(contentType) {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return void 0;
}
var tooLarge = () => new BodyError(413, "Request body too large");
async function readBody(request, limit, { take, arrived }) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  const chunks = [];
  let size = 0;
  let pieces = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (; ; ) {
        let read;
        try {
          read = await reader.read();
        } catch {
          throw new BodyError(400, "Request body incomplete");
        }
        const { done, value } = read;
        if (done) break;
        size += value.byteLength;
        pieces += 1;
        if (size > limit) throw tooLarge();
        if (pieces > bodyLimits.freePieces && size < pieces * bodyLimits.pieceBytes)
          throw new BodyError(400, "Request body sent in too many small pieces");
        if (take && !take(value.byteLength)) throw new BodyError(503, "Too many uploads in progress");
        chunks.push(value);
      }
    } finally {
      await reader.cancel().catch(() => void 0);
    }
  }
  arrived?.();
  return ownBytes(chunks);
}
function validBoundary(value) {
  return value.length <= 70 && /^[0-9A-Za-z'()+_,\-./:=? ]+$/.test(value) && !value.endsWith(" ");
}
function multipartContentType(contentType) {
  const malformed = () => new BodyError(400, "Malformed multipart/form-data Content-Type: one valid boundary required");
  if (contentType.length > bodyLimits.contentTypeLength) throw malformed();
  const [type, ...parameters] = contentType.split(";");
  let boundary;
  for (const parameter of parameters) {
    const trimmed = parameter.trim();
    const equals = trimmed.indexOf("=");
    if (equals < 0 || trimmed.slice(0, equals).toLowerCase() !== "boundary" || boundary !== void 0)
      throw malformed();
    const raw = trimmed.slice(equals + 1);
    boundary = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    if (!validBoundary(boundary)) throw malformed();
  }
  if (boundary === void 0) throw malformed();
  return `${type.trim()}; boundary="${boundary}"`;
}
function parseJson(bytes, known) {
  let value;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new BodyError(400, "Malformed JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BodyError(400, "Expected a JSON object");
  const entries = Object.entries(value);
  if (entries.length > bodyLimits.fields) throw new BodyError(413, "Too many fields");
  const fields = {};
  for (const [name2, field] of entries) if (known.has(name2)) fields[name2] = field;
  return { fields, files: {} };
}
async function parseMultipart(body, contentType, rules) {
  let answer;
  try {
    answer = await inWorker({
      task: "form-data",
      body,
      contentType,
      rules: { maxBytes: rules.maxBytes, known: rules.known }
    });
  } catch (error) {
    if (error instanceof Exhausted) throw new BodyError(400, "Malformed form data");
    throw error;
  }
  if ("parsed" in answer) return answer.parsed;
  if ("refused" in answer) throw new BodyError(answer.refused.status, answer.refused.message);
  throw new Error("error" in answer ? answer.error : "unexpected answer from the upload worker");
}
async function parseBody(request, kind, rules) {
  const contentType = request.headers.get("content-type") ?? "";
  const multipart = kind === "multipart" ? multipartContentType(contentType) : void 0;
  const body = await readBody(request, rules.maxBytes, rules);
  if (kind === "json") return parseJson(body, rules.known);
  if (multipart) return parseMultipart(body, multipart, rules);
  return parseFormData(body, contentType, rules);
}

// server/intake/captcha.ts
var maxTokenLength = 4096;
var maxAnswerBytes = 64 * 1024;
async function boundedText(response, limit) {
  if (Number(response.headers.get("content-length") ?? "0") > limit) return void 0;
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks = [];
  let size = 0;
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString("utf8");
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => void 0);
      return void 0;
    }
    chunks.push(value);
  }
}
var review = (flag) => ({ score: null, flag, outcome: "review" });
async function verifyCaptcha(token, action, options) {
  const placeholder = typeof token !== "string" || token === "" || captchaPlaceholders.some((value) => value === token);
  if (!options.secret)
    return { score: null, flag: placeholder ? "captcha-placeholder" : "captcha-unverified", outcome: "pass" };
  if (placeholder) return review("captcha-placeholder");
  if (token.length > maxTokenLength) return review("captcha-invalid");
  let answer;
  try {
    const response = await fetch(options.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: options.secret, response: token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 3e3)
    });
    const text2 = response.ok ? await boundedText(response, maxAnswerBytes) : void 0;
    if (text2 === void 0) {
      await response.body?.cancel().catch(() => void 0);
      return review("captcha-outage");
    }
    const parsed = JSON.parse(text2);
    if (typeof parsed !== "object" || parsed === null) return review("captcha-outage");
    answer = parsed;
  } catch {
    return review("captcha-outage");
  }
  if (answer.success !== true) return review("captcha-failed");
  const { score } = answer;
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1) return review("captcha-invalid");
  if (typeof answer.hostname !== "string" || !options.hostnames.includes(answer.hostname.toLowerCase()))
    return { ...review("captcha-hostname"), score };
  if (answer.action !== action) return { ...review("captcha-action"), score };
  return score < options.minScore ? { score, flag: null, outcome: "low-score" } : { score, flag: null, outcome: "pass" };
}

// server/intake/resume-files.ts
import { randomUUID as randomUUID2 } from "node:crypto";
import { mkdir as mkdir2, readFile as readFile2, unlink, writeFile as writeFile2 } from "node:fs/promises";
import { join as join5 } from "node:path";
var ResumeStorageFullError = class extends Error {
  constructor() {
    super("Resume storage is full");
  }
};
function createResumeBudget(capBytes, storedBytes) {
  let used = 0;
  let loaded;
  return {
    async reserve(bytes) {
      loaded ??= storedBytes().then(
        (stored) => {
          used += stored;
        },
        (error) => {
          loaded = void 0;
          throw error;
        }
      );
      await loaded;
      if (used + bytes > capBytes) return false;
      used += bytes;
      return true;
    },
    /** Bytes no longer held: a failed store, or a purge. */
    release(bytes) {
      used = Math.max(0, used - bytes);
    },
    used: () => used
  };
}
async function keepResume(submission, budget, resumeDir) {
  const bytes = submission.resume;
  if (!bytes)
    return { submission: { resume_file: null, resume_size: null, ...submission }, undo: () => Promise.resolve() };
  if (!await budget.reserve(bytes.length)) throw new ResumeStorageFullError();
  const release = () => budget.release(bytes.length);
  if (!resumeDir)
    return { submission: { ...submission, resume_size: bytes.length }, undo: () => Promise.resolve(release()) };
  const extension = /\.(pdf|docx?)$/.exec(submission.resume_name ?? "")?.[1] ?? "bin";
  const file = `${randomUUID2()}.${extension}`;
  const path = join5(resumeDir, file);
  try {
    await mkdir2(resumeDir, { recursive: true, mode: 448 });
    await writeFile2(path, bytes, { mode: 384, flag: "wx" });
  } catch (error) {
    release();
    throw error;
  }
  return {
    submission: { ...submission, resume: null, resume_file: file, resume_size: bytes.length },
    async undo() {
      release();
      await unlink(path).catch(() => void 0);
    }
  };
}

// core/html.ts
function escapeHtml(value) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]
  );
}

// server/intake/result-page.ts
function refusalText(locale, refusal) {
  const m = messages(locale);
  return refusal === "storageFull" ? m.validation.resumeStorageFull : m.result[refusal];
}
function safeReturnPath(page) {
  if (typeof page !== "string" || page.length > 300) return void 0;
  const found = pageByPath(page);
  return found?.page.paths[found.locale];
}
function refererPage(referer) {
  if (!referer || referer.length > 2048) return void 0;
  let pathname;
  try {
    pathname = new URL(referer).pathname;
  } catch {
    return void 0;
  }
  const found = pageByPath(pathname);
  const path = found?.page.paths[found.locale];
  if (found && path) return { path, locale: found.locale };
  const locale = matchLocale(pathname.split("/")[1]) === "es" ? "es" : void 0;
  return locale ? { path: homePath(locale), locale } : void 0;
}
var resultPageStyle = 'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1e293b;background:#faf8f4}main{max-width:40rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,42,68,.15)}h1{font-family:Georgia,serif;color:#0f2a44}a{color:#1f4a7a;font-weight:600}li{margin:.4rem 0}.call{font-size:1.25rem}';
function resultPage(locale, outcome, page) {
  const t = messages(locale).result;
  const title = outcome.ok ? t.receivedTitle : "refused" in outcome ? t.refusedTitle : t.fixTitle;
  const home = `<p><a href="${escapeHtml(homePath(locale))}">${escapeHtml(t.home)}</a></p>`;
  const back = page ? `<p><a href="${escapeHtml(page)}">${escapeHtml(t.back)}</a></p>` : "";
  let body;
  if (outcome.ok) body = `<p>${escapeHtml(outcome.safeContact ? t.receivedSafeContact : t.receivedBody)}</p>${home}`;
  else if ("refused" in outcome)
    body = `<p>${escapeHtml(t.notYourFault)} ${escapeHtml(refusalText(locale, outcome.refused))}</p><p class="call">${escapeHtml(t.callInstead)} <a href="${telHref(firm.phone)}">${escapeHtml(firm.phone)}</a></p><p>${escapeHtml(t.keptBack)}</p>${back}${home}`;
  else
    body = `<p>${escapeHtml(t.fixBody)}</p><ul>${Object.values(outcome.errors).filter((message) => message !== void 0).map((message) => `<li>${escapeHtml(message)}</li>`).join("")}</ul>${back}${home}`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | LFH Immigration Law</title><style>${resultPageStyle}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

// server/intake/spam-bounds.ts
var spamStatuses = ["spam", "suspected-spam"];
var isSpamStatus = (status) => spamStatuses.includes(status);
var spamText = { message: 1e3, answer: 300 };
var cut = (value, max) => value.length > max ? `${value.slice(0, max)}\u2026` : value;
function boundSpam(record) {
  let details;
  try {
    details = JSON.parse(record.details);
  } catch {
    details = {};
  }
  const shortened = details && typeof details === "object" ? Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      typeof value === "string" ? cut(value, spamText.answer) : typeof value === "object" ? null : value
    ])
  ) : {};
  return {
    ...record,
    message: cut(record.message, spamText.message),
    topic: cut(record.topic, spamText.answer),
    page: cut(record.page, spamText.answer),
    details: JSON.stringify(shortened)
  };
}
async function spamRows(store) {
  const row = await store.db.selectFrom("submissions").select((eb) => eb.fn.countAll().as("rows")).where("status", "in", spamStatuses).executeTakeFirst();
  return Number(row?.rows ?? 0);
}

// server/intake/accept.ts
var uploadGivesWay = { quietMs: 50, maxMs: 1e3 };
var busyRetryAfterSeconds = 5;
var resultPageCsp = `default-src 'none'; style-src 'sha256-${createHash2("sha256").update(resultPageStyle).digest("base64")}'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'`;
function requestLocale(c, fields) {
  if (isLocale(fields.locale)) return fields.locale;
  return refererPage(c.req.header("referer"))?.locale ?? headerLocale(c.req.header("accept-language"));
}
function headerLocale(acceptLanguage) {
  return (acceptLanguage ?? "").split(",").map((part) => matchLocale(part.split(";")[0]?.trim())).find((l) => l !== void 0) ?? "en";
}
function wantsHtml(c, kind) {
  return acceptsHtml(kind, c.req.header("accept"));
}
function acceptsHtml(kind, accept) {
  return kind !== "json" && (accept ?? "").includes("text/html");
}
function busyAtHeaders(request, kind) {
  const from = refererPage(request.headers.referer);
  const locale = from?.locale ?? headerLocale(request.headers["accept-language"]);
  const retry = { "Retry-After": String(busyRetryAfterSeconds) };
  if (acceptsHtml(kind, request.headers.accept))
    return {
      status: 503,
      headers: { ...retry, "Content-Security-Policy": resultPageCsp, "Content-Type": "text/html; charset=UTF-8" },
      body: resultPage(locale, { ok: false, refused: "busy" }, from?.path)
    };
  return {
    status: 503,
    headers: { ...retry, "Content-Type": "application/json" },
    body: JSON.stringify({ ok: false, error: refusalText(locale, "busy") })
  };
}
function createAcceptPath(deps) {
  function answer(c, kind, locale, outcome, page) {
    if (wantsHtml(c, kind)) {
      c.header("Content-Security-Policy", resultPageCsp);
      return c.html(
        resultPage(locale, outcome.ok ? { ok: true, safeContact: outcome.safeContact } : outcome, page),
        outcome.ok ? 200 : 400
      );
    }
    return outcome.ok ? c.json({ ok: true, id: outcome.id }, 201) : c.json({ ok: false, errors: outcome.errors }, 400);
  }
  function refuse(c, kind, locale, answer2, page) {
    if (answer2.retryAfter !== void 0) c.header("Retry-After", String(answer2.retryAfter));
    const back = page ?? refererPage(c.req.header("referer"))?.path;
    if (wantsHtml(c, kind)) {
      c.header("Content-Security-Policy", resultPageCsp);
      return c.html(resultPage(locale, { ok: false, refused: answer2.refusal }, back), answer2.status);
    }
    return c.json({ ok: false, error: refusalText(locale, answer2.refusal) }, answer2.status);
  }
  function busy(c, kind, locale, route2, reason, page, refusal = "busy") {
    securityEvent(reason, { route: route2, status: 503 });
    return refuse(c, kind, locale, { status: 503, refusal, retryAfter: busyRetryAfterSeconds }, page);
  }
  function inProgress(bounds, route2) {
    let bytes = 0;
    const perClient = /* @__PURE__ */ new Map();
    const slots = /* @__PURE__ */ new Set();
    const slowest = () => {
      if (!bounds.slow) return void 0;
      const { afterMs, bytesPerSecond } = bounds.slow;
      const now = deps.now().getTime();
      let found;
      for (const slot of slots) {
        const from = slot.samples.findLast((sample) => sample.at <= now - afterMs);
        if (!slot.receiving || !from) continue;
        const rate = (slot.held - from.held) * 1e3 / Math.max(1, now - from.at);
        if (rate < bytesPerSecond && (!found || rate < found.rate)) found = { slot, rate };
      }
      return found;
    };
    const release = (slot) => {
      if (!slots.delete(slot)) return;
      bytes -= slot.held;
      const left = (perClient.get(slot.client) ?? 1) - 1;
      if (left > 0) perClient.set(slot.client, left);
      else perClient.delete(slot.client);
    };
    const fits = (client, declaredBytes, freed) => slots.size - (freed ? 1 : 0) < bounds.total && (perClient.get(client) ?? 0) < bounds.perClient && bytes - (freed?.held ?? 0) + declaredBytes <= bounds.bytes;
    const refusal = (client, declaredBytes) => {
      if (deps.loaded?.()) return "server-loaded";
      if (fits(client, declaredBytes)) return void 0;
      const slow = slowest();
      return slow && fits(client, declaredBytes, slow.slot) ? void 0 : "uploads-busy";
    };
    function enter(client, declaredBytes) {
      const refused = refusal(client, declaredBytes);
      if (refused !== void 0) return { refused };
      if (!fits(client, declaredBytes)) {
        const slow = slowest();
        securityEvent("upload-too-slow", { route: route2, status: 503, bytesPerSecond: Math.round(slow.rate) });
        release(slow.slot);
      }
      const slot = { client, held: 0, receiving: true, samples: [{ at: deps.now().getTime(), held: 0 }] };
      slots.add(slot);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      return {
        /** Counts bytes of the body as they arrive; false past the bound, or once the slot was given away. */
        take(arrived) {
          if (!slots.has(slot) || bytes + arrived > bounds.bytes) return false;
          bytes += arrived;
          slot.held += arrived;
          if (bounds.slow) {
            const now = deps.now().getTime();
            const last = slot.samples.at(-1);
            if (slot.samples.length > 1 && now - last.at < 100) Object.assign(last, { at: now, held: slot.held });
            else slot.samples.push({ at: now, held: slot.held });
            while (slot.samples.length > 1 && slot.samples[1].at <= now - bounds.slow.afterMs) slot.samples.shift();
          }
          return true;
        },
        arrived() {
          slot.receiving = false;
        },
        leave: () => release(slot)
      };
    }
    return { enter, refusal };
  }
  const refusals = /* @__PURE__ */ new Map();
  function route(form) {
    const gate = form.inProgress && inProgress(form.inProgress, form.route);
    const largestBody = Math.max(0, ...Object.values(form.bodyLimits));
    const declaredBytes = (contentLength) => Math.min(Number(contentLength ?? "0") || 0, largestBody);
    if (gate)
      refusals.set(form.route, (request) => {
        deps.arrivals.arrived();
        const client = forwardedAddress(request.headers["x-forwarded-for"], request.remoteAddress, deps.trustedHops);
        const reason = gate.refusal(clientKey(client), declaredBytes(request.headers["content-length"]));
        if (!reason) return void 0;
        securityEvent(reason, { route: form.route, status: 503 });
        return busyAtHeaders(request, bodyKind(request.headers["content-type"]));
      });
    async function handle(c) {
      deps.arrivals.arrived();
      if (!gate) return accept(c);
      const slot = gate.enter(
        clientKey(clientAddress(c, deps.trustedHops)),
        declaredBytes(c.req.header("content-length"))
      );
      if ("refused" in slot)
        return busy(c, bodyKind(c.req.header("content-type")), requestLocale(c, {}), form.route, slot.refused);
      try {
        await giveWay(deps.arrivals, uploadGivesWay);
        return await accept(c, { take: (arrived) => slot.take(arrived), arrived: () => slot.arrived() });
      } finally {
        slot.leave();
      }
    }
    async function accept(c, counted = {}) {
      const kind = bodyKind(c.req.header("content-type"));
      const maxBytes = kind && form.bodyLimits[kind];
      if (!kind || !maxBytes) {
        securityEvent("unsupported-content-type", { route: form.route, status: 415 });
        return refuse(c, kind, requestLocale(c, {}), { status: 415, refusal: "unsupported" });
      }
      if (!form.limiter(clientAddress(c, deps.trustedHops))) {
        securityEvent("rate-limited", { route: form.route, status: 429 });
        return refuse(c, kind, requestLocale(c, {}), { status: 429, refusal: "rateLimited", retryAfter: 60 });
      }
      let body;
      try {
        body = await parseBody(c.req.raw, kind, { maxBytes, known: form.fields, ...counted });
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        if (error.status === 503) return busy(c, kind, requestLocale(c, {}), form.route, "upload-bytes-busy");
        securityEvent(error.status === 413 ? "body-too-large" : "malformed-body", {
          route: form.route,
          status: error.status,
          detail: error.message
        });
        if (error.status === 413) return refuse(c, kind, requestLocale(c, {}), { status: 413, refusal: "tooLarge" });
        return c.json({ ok: false, error: error.message }, error.status);
      }
      const locale = requestLocale(c, body.fields);
      const page = safeReturnPath(body.fields.page);
      const spam = typeof body.fields.company === "string" && body.fields.company.trim() !== "";
      const result = validate(form.schema(locale), { ...body.fields, company: "" });
      if (!result.ok) {
        if (spam) {
          log("lead.spam_discarded", { route: form.route });
          return answer(c, kind, locale, { ok: true, id: randomUUID3() }, page);
        }
        securityEvent("invalid-submission", {
          route: form.route,
          status: 400,
          fields: Object.keys(result.errors).sort().join(",")
        });
        return answer(c, kind, locale, result, page);
      }
      const prepared = await form.prepare(result.data, body, { locale, page: page ?? "", spam });
      if (!prepared.ok) {
        securityEvent("upload-rejected", { route: form.route, status: 400, detail: prepared.reason });
        return answer(c, kind, locale, prepared, page);
      }
      const verdict = spam ? { score: null, flag: null, outcome: "pass" } : await verifyCaptcha(body.fields.recaptchaToken, form.captchaAction(result.data), deps.captcha);
      if (verdict.outcome === "review" && !deps.reviewLimiter(clientAddress(c, deps.trustedHops))) {
        securityEvent("review-rate-limited", { route: form.route, status: 429, flag: verdict.flag });
        return refuse(c, kind, locale, { status: 429, refusal: "rateLimited", retryAfter: 3600 }, page);
      }
      const status = spam ? "spam" : { pass: "accepted", "low-score": "suspected-spam", review: "review" }[verdict.outcome];
      const id = randomUUID3();
      try {
        await deps.store(
          {
            ...isSpamStatus(status) ? boundSpam(prepared.record) : prepared.record,
            id,
            created_at: deps.now().toISOString(),
            status,
            flags: verdict.flag ?? "",
            captcha_score: verdict.score
          },
          status === "accepted"
        );
      } catch (error) {
        if (error instanceof ResumeStorageFullError) {
          securityEvent("upload-rejected", { route: form.route, status: 400, detail: "storage-full" });
          if (wantsHtml(c, kind)) return refuse(c, kind, locale, { status: 400, refusal: "storageFull" }, page);
          return answer(
            c,
            kind,
            locale,
            { ok: false, errors: { resume: messages(locale).validation.resumeStorageFull } },
            page
          );
        }
        if (error instanceof StoreFullError) return busy(c, kind, locale, form.route, "store-full", page, "storeFull");
        const unreachable = error instanceof StoreUnreachableError || isStoreUnreachable(error);
        if (!unreachable && !(error instanceof StoreBusyError)) throw error;
        return busy(c, kind, locale, form.route, unreachable ? "store-unreachable" : "store-busy", page);
      }
      log("lead.accepted", { id, kind: prepared.record.kind, status, flag: verdict.flag, score: verdict.score });
      if (status === "accepted") deps.delivered();
      return answer(c, kind, locale, { ok: true, id, safeContact: form.safeContactGiven?.(result.data) }, page);
    }
    return handle;
  }
  function refuseAtHeaders(request, path) {
    return request.method === "POST" ? refusals.get(path)?.(request) : void 0;
  }
  return { route, refuseAtHeaders };
}

// server/intake/resume-check.ts
function ownBuffer(bytes) {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer;
  return new Uint8Array(bytes).buffer;
}
async function checkResume(file) {
  const problem = resumeProblem({ name: file.name, size: file.bytes.byteLength });
  if (problem) return { ok: false, problem, reason: problem };
  let answer;
  try {
    answer = await inWorker({ task: "inspect", bytes: ownBuffer(file.bytes) });
  } catch (error) {
    if (error instanceof Exhausted) return { ok: false, problem: "resumeContent", reason: "inspection-exhausted" };
    throw error;
  }
  if (!("inspection" in answer))
    throw new Error("error" in answer ? answer.error : "unexpected answer from the upload worker");
  const { inspection, bytes } = answer;
  if (!inspection.ok) return inspection;
  return {
    ok: true,
    name: safeResumeName(file.name, inspection.extension),
    type: resumeTypes[inspection.extension],
    bytes: Buffer.from(bytes)
  };
}

// server/intake/careers.ts
function careersForm(options) {
  return {
    route: apiPaths.careers,
    // A resume comes only as multipart; JSON and plain form posts carry text alone.
    bodyLimits: { multipart: limits.resumeBytes + 1024 * 1024, form: 64 * 1024, json: 64 * 1024 },
    fields: /* @__PURE__ */ new Set([...Object.keys(careersSchema("en").shape), "resume"]),
    limiter: options.limiter,
    // Two full-size applications' bodies in memory at once, or four of a usual size. While they
    // are taken, one whose body came at under 32 KB/s over the last 5 s (a full-size one at that
    // pace would not arrive within the request timeout) gives its place to a new one.
    inProgress: {
      total: 4,
      perClient: 1,
      bytes: 2 * (limits.resumeBytes + 1024 * 1024),
      slow: { afterMs: 5e3, bytesPerSecond: 32 * 1024 }
    },
    schema: careersSchema,
    captchaAction: () => captchaActions.application,
    async prepare(application, body, { locale, page, spam }) {
      const m = messages(locale).validation;
      const file = body.files.resume;
      let resume;
      if (file && !spam) {
        const checked = await checkResume(file);
        if (!checked.ok) return { ok: false, errors: { resume: m[checked.problem] }, reason: checked.reason };
        resume = checked;
      }
      return {
        ok: true,
        record: {
          kind: "application",
          locale,
          name: application.fullName,
          email: application.email,
          phone: application.phone,
          office: application.location,
          topic: "",
          message: application.coverLetter,
          page,
          details: storedFormJson({ form: "application", fields: storedApplication(application, page) }),
          resume_name: resume?.name ?? null,
          resume_type: resume?.type ?? null,
          resume: resume?.bytes ?? null
        }
      };
    }
  };
}

// server/intake/deliverer.ts
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
var DeliveryError = class extends Error {
  constructor(message, permanent = false, retryAfterMs2) {
    super(message);
    this.permanent = permanent;
    this.retryAfterMs = retryAfterMs2;
  }
  permanent;
  retryAfterMs;
};
var permanentStatuses = [400, 401, 403, 404, 410, 422];
var httpTimeoutMs = 3e4;
function retryAfterMs(header) {
  if (!header) return void 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1e3 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 36e5) : void 0;
}
var agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };
function postJson(url2, body, headers, signal, timeoutMs = httpTimeoutMs) {
  const target = new URL(url2);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const noAnswer = () => new DeliveryError(`no answer within ${timeoutMs / 1e3} s`);
  return new Promise((settle, fail) => {
    const deadline = setTimeout(() => request.destroy(noAnswer()), timeoutMs);
    deadline.unref();
    const resolve3 = () => {
      clearTimeout(deadline);
      settle();
    };
    const reject = (error) => {
      clearTimeout(deadline);
      fail(error);
    };
    const request = send(
      target,
      {
        method: "POST",
        agent: agents[target.protocol === "https:" ? "https:" : "http:"],
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers
        },
        signal,
        timeout: timeoutMs
      },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk) => {
          bytes += chunk.length;
          if (bytes > 65536) response.destroy();
        });
        response.on("error", () => void 0);
        response.on("close", () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve3();
          const reason = `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}`.slice(0, 100);
          const retryAfter = response.headers["retry-after"];
          reject(new DeliveryError(reason, permanentStatuses.includes(status), retryAfterMs(retryAfter ?? null)));
        });
      }
    );
    request.on("timeout", () => request.destroy(noAnswer()));
    request.on(
      "error",
      (error) => reject(
        error instanceof DeliveryError ? error : new DeliveryError(`network error${error.code ? ` ${error.code}` : ""}`)
      )
    );
    request.end(body);
  });
}

// server/intake/webhook.ts
import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook as Webhook2 } from "standardwebhooks";

// core/form-fields.ts
var leadFields = {
  name: { label: (m) => m.consultation.name, firm: "Name" },
  email: { label: (m) => m.consultation.email, firm: "Email" },
  phone: { label: (m) => m.consultation.phone, firm: "Phone" },
  office: { label: (m) => m.consultation.office, firm: "Office", show: "office" },
  topic: { label: (m) => m.information.topic, firm: "Topic" },
  // A survivor's safe way and time to reach them: whoever calls back reads it before anything else.
  safeContact: {
    label: (m) => m.consultation.safeContact,
    firm: "SAFE CONTACT (read before calling)",
    first: "SAFE CONTACT"
  },
  message: { label: (m) => m.consultation.message, firm: "Message" },
  consent: { label: (m) => m.consultation.consent, firm: "Consent", show: "consent" },
  company: { label: (m) => m.consultation.company, firm: false },
  recaptchaToken: { firm: false },
  locale: { firm: "Language", show: "language" },
  source: { firm: false },
  page: { firm: "Page" }
};
var applicationFields = {
  fullName: { label: (m) => m.careers.fullName, firm: "Name", column: "name" },
  email: { label: (m) => m.careers.email, firm: "Email" },
  phone: { label: (m) => m.careers.phone, firm: "Phone" },
  location: { label: (m) => m.careers.location, firm: "Office", show: "office", column: "office" },
  linkedin: { label: (m) => m.careers.linkedin, firm: "LinkedIn" },
  job: { firm: "Position" },
  coverLetter: { label: (m) => m.careers.coverLetter, firm: "Cover letter", column: "message" },
  // The file is attached to the email, under its own name.
  resume: { label: (m) => m.careers.resume, firm: false },
  consent: { label: (m) => m.careers.consent, firm: "Consent", show: "consent" },
  company: { label: (m) => m.consultation.company, firm: false },
  recaptchaToken: { firm: false },
  locale: { firm: "Language", show: "language" },
  page: { firm: "Page" }
};
var freeTextField = { lead: "message", application: "coverLetter" };
function officeName(choice) {
  return `${offices.find((office) => office.choice === choice)?.city ?? "Any"} office`;
}
function shown(value, show) {
  if (show === "office") return officeName(value);
  if (show === "language") return value === "es" ? "Spanish" : "English";
  if (show === "consent") return value === true ? "Yes" : "No";
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}
function rowsOf(spec, values, free) {
  const first = [];
  const fields = [];
  for (const field of Object.keys(spec)) {
    const { firm: firm2, show, first: subject } = spec[field];
    if (firm2 === false || field === free) continue;
    const value = shown(values[field], show);
    if (value === "" && !show) continue;
    if (subject) first.push({ field, row: [firm2, value], subject });
    else fields.push([firm2, value]);
  }
  return { first, fields, freeText: [spec[free].firm || free, shown(values[free], void 0)] };
}
function firmRows(stored) {
  return stored.form === "lead" ? rowsOf(leadFields, stored.fields, freeTextField.lead) : rowsOf(applicationFields, stored.fields, freeTextField.application);
}

// server/intake/webhook.ts
var eventVersion = 1;
function webhookId(submissionId, destination) {
  return `lead_${submissionId}_${destination}`;
}
function linkSignature(key, submissionId, destination, expires) {
  return createHmac("sha256", key).update(`resume:${submissionId}:${destination}:${expires}`).digest("base64url");
}
function resumeLink(baseUrl, submissionId, destination, key, expires) {
  const url2 = new URL(`${apiPaths.resumes}/${encodeURIComponent(submissionId)}`, baseUrl);
  url2.searchParams.set("destination", destination);
  url2.searchParams.set("expires", String(expires));
  url2.searchParams.set("signature", linkSignature(key, submissionId, destination, expires));
  return url2.toString();
}
function checkResumeLink(submissionId, query, check, now) {
  const expires = Number(query.expires);
  if (!query.destination || !check.isDestination(query.destination)) return false;
  if (!query.signature || !Number.isSafeInteger(expires)) return false;
  if (expires * 1e3 < now.getTime() || expires * 1e3 > now.getTime() + check.maxHours * 36e5) return false;
  const expected = Buffer.from(linkSignature(check.key, submissionId, query.destination, expires));
  const given = Buffer.from(query.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
function officeOf(office) {
  return isOfficeChoice(office) ? { id: office, city: officeByChoice(office).city } : null;
}
var isSpam = (submission) => submission.status === "spam" || submission.status === "suspected-spam";
function leadEvent(submission, resume, now) {
  return {
    type: submission.kind === "application" ? "application.created" : "lead.created",
    version: eventVersion,
    timestamp: now.toISOString(),
    data: {
      readFirst: firmRows(submission.details).first.map(({ field, row: [label, value] }) => ({ field, label, value })),
      id: submission.id,
      kind: submission.kind,
      receivedAt: submission.created_at,
      locale: submission.locale,
      page: submission.page,
      office: officeOf(submission.office),
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      message: submission.message,
      topic: submission.topic || null,
      fields: Object.fromEntries(Object.entries(submission.details.fields).map(([key, value]) => [key, value ?? null])),
      status: submission.status,
      spam: isSpam(submission),
      /** Held for a person to look at (not spam, not plainly accepted). */
      review: submission.status !== "accepted" && !isSpam(submission),
      flags: submission.flags ? submission.flags.split(",") : [],
      captchaScore: submission.captcha_score,
      resume: submission.resume_name && resume ? {
        fileName: submission.resume_name,
        contentType: submission.resume_type,
        size: submission.resume_size ?? submission.resume?.length ?? null,
        url: resume.url,
        expiresAt: resume.expiresAt
      } : null
    }
  };
}
function webhookDeliverer(options) {
  const signer = new Webhook2(options.secret);
  return {
    name: options.name,
    kind: "webhook",
    async deliver(submission, { webhookId: id, signal }) {
      const now = options.now();
      const expires = Math.floor(now.getTime() / 1e3) + options.resumeLinkHours * 3600;
      const resume = submission.resume_name && submission.status === "accepted" ? {
        url: resumeLink(options.publicUrl, submission.id, options.name, await options.linkKey(), expires),
        expiresAt: new Date(expires * 1e3).toISOString()
      } : null;
      await postSigned(signer, options.url, id, JSON.stringify(leadEvent(submission, resume, now)), signal);
    }
  };
}
async function postSigned(signer, url2, id, body, signal) {
  const now = /* @__PURE__ */ new Date();
  await postJson(
    url2,
    body,
    {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1e3)),
      "webhook-signature": signer.sign(id, now, body)
    },
    signal
  );
}

// server/intake/outbox.ts
function retryDelayMs(attempts, random = Math.random) {
  const base = Math.min(5e3 * 2 ** Math.max(0, attempts - 1), 36e5);
  return Math.round(base / 2 + random() * base / 2);
}
async function enqueueDeliveries(db, leads, destinations) {
  const rows = leads.flatMap(
    (lead) => destinations.map((destination) => ({
      submission_id: lead.id,
      destination,
      created_at: lead.queuedAt,
      attempts: 0,
      next_attempt_at: lead.queuedAt,
      lease_until: null,
      lease_owner: null,
      sent_at: null,
      failed_at: null,
      last_error: null
    }))
  );
  if (rows.length)
    await db.insertInto("outbox").values(rows).onConflict((oc) => oc.columns(["submission_id", "destination"]).doNothing()).execute();
}
var errorText = (error) => (error instanceof Error ? error.message : String(error)).slice(0, 300);
var errorCode2 = (error) => typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : "error";
function serialRounds(round) {
  let current = null;
  let queued = null;
  const kick = () => {
    if (!current) {
      current = round().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return kick();
    });
    return queued;
  };
  return { kick, idle: () => Promise.all([current, queued]).then(() => void 0) };
}
function startOutbox(db, deliverers, options) {
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  const pollMs = options.pollMs ?? 1e3;
  const leaseMs = options.leaseMs ?? 12e4;
  const claimBatch = 50;
  const nudgeMs = 50;
  const markWithinMs = 200;
  const parallel = options.parallel ?? 8;
  const busyPauseMs = options.busyPauseMs ?? 1e3;
  const owner = options.owner;
  const bookkeeping = options.bookkeeping ?? ((write) => write(db));
  let stopped = false;
  const arrivals = options.arrivals ?? createArrivals();
  const timers = /* @__PURE__ */ new Set();
  const pauses = /* @__PURE__ */ new Set();
  const pause = (ms) => new Promise((resolve3) => {
    const done = () => {
      clearTimeout(timer);
      pauses.delete(done);
      resolve3();
    };
    const timer = setTimeout(done, ms);
    pauses.add(done);
  });
  const inFlight = /* @__PURE__ */ new Set();
  const leaseUntil = () => new Date(now().getTime() + leaseMs).toISOString();
  async function markSent(sent) {
    if (!sent.length) return;
    const at = now().toISOString();
    await withBusyRetry(
      () => bookkeeping(
        (db2) => db2.updateTable("outbox").set((eb) => ({
          sent_at: at,
          lease_until: null,
          lease_owner: null,
          attempts: eb("attempts", "+", 1),
          last_error: null
        })).where(
          "id",
          "in",
          sent.map(({ row }) => row.id)
        ).execute()
      ),
      leaseMs / 2,
      { whileUnreachable: false }
    );
    for (const { row, ms } of sent)
      log("lead.delivered", { id: row.submission_id, destination: row.destination, attempts: row.attempts + 1, ms });
  }
  const unmarked = /* @__PURE__ */ new Map();
  async function markUnmarked(destination) {
    const sent = [...unmarked.values()].filter(({ row }) => row.destination === destination);
    if (!sent.length) return;
    await markSent(sent);
    for (const { row } of sent) unmarked.delete(row.id);
    log("outbox.marked_late", { destination, rows: sent.length });
  }
  let released;
  const releaseOwnLeases = () => released ??= Promise.all([
    db.updateTable("outbox").set({ lease_until: null, lease_owner: null }).where("lease_owner", "=", owner).where("sent_at", "is", null).executeTakeFirst(),
    db.updateTable("notices").set({ lease_until: null, lease_owner: null }).where("lease_owner", "=", owner).where("sent_at", "is", null).executeTakeFirst()
  ]).then(
    ([rows]) => {
      const count = Number(rows.numUpdatedRows);
      if (count) log("outbox.reclaimed", { rows: count });
    },
    (error) => {
      released = void 0;
      throw error;
    }
  );
  async function releaseStrayLeases(destination) {
    await bookkeeping(
      (db2) => db2.updateTable("outbox").set({ lease_until: null, lease_owner: null }).where("destination", "=", destination).where("lease_owner", "=", owner).where("sent_at", "is", null).execute()
    );
  }
  async function claim(destination) {
    const at = now().toISOString();
    const due = await db.selectFrom("outbox").select("id").where("destination", "=", destination).where("sent_at", "is", null).where("failed_at", "is", null).where("next_attempt_at", "<=", at).where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])).orderBy("next_attempt_at").orderBy("id").limit(claimBatch).execute();
    if (!due.length) return [];
    const claimed = await bookkeeping(
      (db2) => db2.updateTable("outbox").set({ lease_until: leaseUntil(), lease_owner: owner }).where(
        "id",
        "in",
        due.map((row) => row.id)
      ).where("sent_at", "is", null).where("failed_at", "is", null).where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])).returningAll().execute()
    );
    return claimed.sort((a, b) => a.id - b.id);
  }
  async function releaseLeases(table, ids) {
    if (!ids.length) return;
    if (table === "outbox")
      await bookkeeping(
        (db2) => db2.updateTable("outbox").set({ lease_until: null, lease_owner: null }).where("id", "in", ids).where("lease_owner", "=", owner).execute()
      );
    else
      await db.updateTable("notices").set({ lease_until: null, lease_owner: null }).where("id", "in", ids).where("lease_owner", "=", owner).execute();
  }
  function keepLeases(table, ids) {
    const renew = setInterval(() => {
      const held = ids();
      if (!held.length) return;
      const renewal = table === "outbox" ? bookkeeping(
        (db2) => db2.updateTable("outbox").set({ lease_until: leaseUntil() }).where("id", "in", held).where("lease_owner", "=", owner).executeTakeFirst()
      ) : db.updateTable("notices").set({ lease_until: leaseUntil() }).where("id", "in", held).where("lease_owner", "=", owner).executeTakeFirst();
      renewal.catch((error) => log("outbox.lease_renewal_failed", { code: errorCode2(error) }));
    }, leaseMs / 3);
    return () => clearInterval(renew);
  }
  async function abortable(send) {
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      return await send(controller.signal);
    } finally {
      inFlight.delete(controller);
    }
  }
  async function deadLetter(row, attempts, reason, permanent) {
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("outbox").set({ attempts, failed_at: at, lease_until: null, lease_owner: null, last_error: reason }).where("id", "=", row.id).execute();
      await queueNotice(trx, {
        id: `dead:${row.id}:${attempts}`,
        subject: `Lead ${row.submission_id} was not delivered to ${row.destination}`,
        lines: [
          `Lead ${row.submission_id} could not be delivered to "${row.destination}" and will not be retried.`,
          `Reason: ${reason}${permanent ? " (the receiver refused it; sending it again unchanged would fail too)" : ` (after ${attempts} attempts)`}.`,
          "",
          `See the lead: npm run leads -- show ${row.submission_id}`,
          `Send it again once the cause is fixed: npm run leads -- redeliver ${row.submission_id} --to ${row.destination}`
        ],
        at
      });
    });
    log("lead.delivery_dead", { id: row.submission_id, destination: row.destination, attempts, reason });
  }
  async function attempt(deliverer, row, submission) {
    if (!submission) {
      await db.deleteFrom("outbox").where("id", "=", row.id).execute();
      return "gone";
    }
    try {
      await abortable(
        (signal) => deliverer.deliver(submission, { webhookId: webhookId(submission.id, row.destination), signal })
      );
    } catch (error) {
      if (stopped) {
        await releaseLeases("outbox", [row.id]);
        return "stopped";
      }
      const attempts = row.attempts + 1;
      const reason = errorText(error);
      const permanent = error instanceof DeliveryError && error.permanent;
      if (permanent || attempts >= options.maxAttempts) {
        await deadLetter(row, attempts, reason, permanent);
        return permanent ? "refused" : "failed";
      }
      const wait = (error instanceof DeliveryError ? error.retryAfterMs : void 0) ?? retryDelayMs(attempts);
      const next = new Date(now().getTime() + wait).toISOString();
      await bookkeeping(
        (db2) => db2.updateTable("outbox").set({ attempts, next_attempt_at: next, lease_until: null, lease_owner: null, last_error: reason }).where("id", "=", row.id).execute()
      );
      log("lead.delivery_failed", {
        id: submission.id,
        destination: row.destination,
        attempts,
        retryAt: next,
        ...error instanceof DeliveryError ? { reason } : { code: errorCode2(error) }
      });
      return "failed";
    }
    return "sent";
  }
  let lastIncidentCheck = /* @__PURE__ */ new Map();
  async function checkIncident(destination) {
    const checkedAt = now().getTime();
    if (checkedAt - (lastIncidentCheck.get(destination) ?? -Infinity) < 1e3) return;
    lastIncidentCheck.set(destination, checkedAt);
    const failing = await db.selectFrom("outbox").select((eb) => [eb.fn.min("created_at").as("since"), eb.fn.countAll().as("rows")]).where("destination", "=", destination).where("sent_at", "is", null).where("failed_at", "is", null).where("attempts", ">", 0).executeTakeFirst();
    const rows = Number(failing?.rows ?? 0);
    if (!rows || !failing?.since) {
      await db.deleteFrom("incidents").where("destination", "=", destination).execute();
      return;
    }
    const at = now();
    if (Date.parse(failing.since) > at.getTime() - options.alertAfterMinutes * 6e4) return;
    await db.insertInto("incidents").values({ destination, opened_at: at.toISOString() }).onConflict((oc) => oc.column("destination").doNothing()).execute();
    const incident = await db.selectFrom("incidents").select("opened_at").where("destination", "=", destination).executeTakeFirstOrThrow();
    const queued = await queueNotice(db, {
      id: `alert:${destination}:${incident.opened_at}`,
      subject: `Leads are not reaching ${destination}`,
      lines: [
        `Delivery to "${destination}" has been failing for more than ${options.alertAfterMinutes} minutes: ${rows} lead(s) waiting, the oldest since ${failing.since}.`,
        "Every lead is kept and will be sent once the destination accepts it again.",
        "",
        "See what is waiting and why: npm run leads -- deliveries --failed"
      ],
      at: at.toISOString()
    });
    if (queued) log("outbox.incident", { destination, rows, since: failing.since });
  }
  async function deliverBatch(deliverer, rows) {
    const submissions = await db.selectFrom("submissions").selectAll().where(
      "id",
      "in",
      rows.map((row) => row.submission_id)
    ).execute();
    const byId = new Map(submissions.map((submission) => [submission.id, readSubmission(submission)]));
    const waiting = [...rows];
    const running = /* @__PURE__ */ new Set();
    let toMark = [];
    let oldestToMark = 0;
    let marking = Promise.resolve();
    let halted = false;
    let sent = 0;
    const flush = () => {
      const batch = toMark;
      toMark = [];
      marking = marking.then(
        () => markSent(batch).catch((error) => {
          for (const done of batch) unmarked.set(done.row.id, done);
          log("outbox.mark_deferred", { destination: deliverer.name, rows: batch.length, code: errorCode2(error) });
        })
      );
      return marking;
    };
    const lane = async () => {
      while (!halted && !stopped) {
        const row = waiting.shift();
        if (!row) return;
        running.add(row.id);
        const started = Date.now();
        const outcome = await attempt(deliverer, row, byId.get(row.submission_id)).finally(
          () => running.delete(row.id)
        );
        if (outcome === "failed" || outcome === "stopped") halted = true;
        if (outcome !== "sent") continue;
        sent += 1;
        if (!toMark.length) oldestToMark = Date.now();
        toMark.push({ row, ms: Date.now() - started });
        if (Date.now() - oldestToMark >= markWithinMs) await flush();
      }
    };
    const release = keepLeases("outbox", () => [
      ...toMark.map((u) => u.row.id),
      ...running,
      ...waiting.map((r) => r.id)
    ]);
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(deliverer.parallel ?? parallel, rows.length) }, lane)
    );
    try {
      await flush();
      await releaseLeases(
        "outbox",
        waiting.map((r) => r.id)
      );
    } finally {
      release();
    }
    for (const result of lanes) if (result.status === "rejected") throw result.reason;
    return { sent, halt: halted || stopped };
  }
  const giveWayToVisitors = () => giveWay(arrivals, { quietMs: 100, maxMs: busyPauseMs, pause, cancelled: () => stopped });
  const interrupted = /* @__PURE__ */ new Set();
  async function destinationRound(deliverer) {
    await releaseOwnLeases();
    await markUnmarked(deliverer.name);
    if (interrupted.has(deliverer.name)) {
      await releaseStrayLeases(deliverer.name);
      interrupted.delete(deliverer.name);
    }
    let delivered = 0;
    while (!stopped) {
      await giveWayToVisitors();
      const rows = await claim(deliverer.name);
      if (!rows.length) break;
      const batch = await deliverBatch(deliverer, rows);
      delivered += batch.sent;
      if (batch.halt) break;
    }
    if (!stopped) await checkIncident(deliverer.name);
    return delivered;
  }
  async function noticeRound() {
    await releaseOwnLeases();
    const at = now().toISOString();
    const due = await db.selectFrom("notices").select("id").where("sent_at", "is", null).where("next_attempt_at", "<=", at).where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])).orderBy("created_at").limit(claimBatch).execute();
    if (!due.length) return 0;
    const claimed = await db.updateTable("notices").set({ lease_until: leaseUntil(), lease_owner: owner }).where(
      "id",
      "in",
      due.map((row) => row.id)
    ).where("sent_at", "is", null).where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])).returningAll().execute();
    let sent = 0;
    let next = 0;
    const release = keepLeases("notices", () => claimed.slice(next).map((n) => n.id));
    try {
      for (; next < claimed.length; next++) {
        if (await sendNotice(claimed, next)) sent += 1;
        else break;
      }
    } finally {
      release();
    }
    return sent;
  }
  async function sendNotice(claimed, index) {
    const notice = claimed[index];
    try {
      await abortable((signal) => options.notify(notice, signal));
    } catch (error) {
      const attempts = notice.attempts + 1;
      await db.updateTable("notices").set({
        attempts,
        next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)).toISOString(),
        lease_until: null,
        lease_owner: null
      }).where("id", "=", notice.id).execute();
      await releaseLeases(
        "notices",
        claimed.slice(index + 1).map((n) => n.id)
      );
      log("outbox.notice_failed", { notice: notice.id, attempts, code: errorCode2(error) });
      return false;
    }
    await db.updateTable("notices").set({ sent_at: now().toISOString(), lease_until: null, lease_owner: null }).where("id", "=", notice.id).execute();
    log("outbox.notice_sent", { notice: notice.id });
    return true;
  }
  let storeAway = false;
  const guarded = (round, destination) => () => round().then(
    (count) => {
      if (storeAway) log("outbox.store_reachable");
      storeAway = false;
      return count;
    },
    (error) => {
      if (destination) interrupted.add(destination);
      if (!isStoreUnreachable(error)) log("outbox.error", { message: errorText(error) });
      else if (!storeAway) log("outbox.store_unreachable", { code: errorCode2(error) });
      storeAway ||= isStoreUnreachable(error);
      return 0;
    }
  );
  const destinationWorkers = deliverers.map(
    (deliverer) => serialRounds(guarded(() => destinationRound(deliverer), deliverer.name))
  );
  const workers = [...destinationWorkers, serialRounds(guarded(noticeRound))];
  for (const worker of workers) {
    const schedule = () => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void worker.kick().finally(schedule);
      }, pollMs);
      timers.add(timer);
    };
    schedule();
  }
  let nudged;
  return {
    /**
     * Delivers soon after a lead was accepted. A burst of leads shares one round per destination
     * (each claim and each "sent" is a write, with SQLite an fsync on the server's thread).
     */
    nudge() {
      if (stopped || nudged) return;
      nudged = setTimeout(() => {
        nudged = void 0;
        for (const worker of destinationWorkers) void worker.kick();
      }, nudgeMs);
    },
    /** Delivers what is due now; resolves with how many were sent. */
    async kick() {
      if (stopped) return 0;
      const counts = await Promise.all(destinationWorkers.map((worker) => worker.kick()));
      return counts.reduce((sum, n) => sum + n, 0);
    },
    /** Delivers what is due now, notices to the firm included. */
    async flush() {
      if (stopped) return 0;
      const counts = await Promise.all(workers.map((worker) => worker.kick()));
      return counts.reduce((sum, n) => sum + n, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(nudged);
      for (const wake of pauses) wake();
      for (const timer of timers) clearTimeout(timer);
      for (const controller of inFlight) controller.abort();
      await Promise.all(workers.map((worker) => worker.idle()));
      if (unmarked.size)
        await markSent([...unmarked.values()]).then(
          () => unmarked.clear(),
          (error) => log("outbox.unmarked_at_stop", { rows: unmarked.size, code: errorCode2(error) })
        );
      lastIncidentCheck = /* @__PURE__ */ new Map();
    }
  };
}

// server/intake/group-commit.ts
var groupCommitBatch = 32;
function createGroupCommit(db, destinations, busyBudgetMs = 1e3) {
  let queue = [];
  let scheduled = false;
  async function write(batch, { afterLostConnection }) {
    let failure;
    try {
      await db.transaction().execute(async (trx) => {
        try {
          const insert = trx.insertInto("submissions").values(batch.map((p) => p.submission));
          await (afterLostConnection ? insert.onConflict((oc) => oc.column("id").doNothing()) : insert).execute();
          await enqueueDeliveries(
            trx,
            batch.filter((p) => p.deliver).map((p) => ({ id: p.submission.id, queuedAt: p.submission.created_at })),
            destinations
          );
        } catch (error) {
          failure = error;
          throw error;
        }
      });
    } catch (error) {
      const cause = failure ?? error;
      const full = storeFullCode(cause);
      throw full ? new StoreFullError(full) : cause;
    }
  }
  async function drain() {
    for (let first = true; queue.length; first = false) {
      if (!first) await new Promise((resolve3) => setImmediate(resolve3));
      const batch = queue.slice(0, groupCommitBatch);
      queue = queue.slice(batch.length);
      try {
        await withBusyRetry((retry) => write(batch, retry), busyBudgetMs);
        for (const p of batch) p.resolve();
      } catch (error) {
        if (batch.length === 1 || error instanceof StoreBusyError || error instanceof StoreFullError)
          for (const p of batch) p.reject(error);
        else
          for (const p of batch)
            await withBusyRetry((retry) => write([p], retry), busyBudgetMs).then(
              () => p.resolve(),
              (single) => p.reject(single)
            );
      }
    }
    scheduled = false;
  }
  return {
    /** Resolves once the submission (and its outbox row) is committed. */
    insert(submission, deliver) {
      return new Promise((resolve3, reject) => {
        queue.push({ submission, deliver, resolve: resolve3, reject });
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => void drain());
      });
    }
  };
}

// server/intake/leads.ts
function leadForm(limiter) {
  return {
    route: apiPaths.leads,
    bodyLimits: { json: 64 * 1024, form: 64 * 1024, multipart: 64 * 1024 },
    fields: new Set(Object.keys(leadSchema("en").shape)),
    limiter,
    schema: leadSchema,
    safeContactGiven: (lead) => Boolean(lead.safeContact),
    captchaAction: (lead) => captchaActions[lead.source ?? "consultation-lead"],
    prepare(lead, _body, { locale, page }) {
      return Promise.resolve({
        ok: true,
        record: {
          kind: lead.source === "information-request" ? "information" : "consultation",
          locale,
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          office: lead.office ?? "",
          topic: lead.topic ?? "",
          message: lead.message,
          page,
          details: storedFormJson({ form: "lead", fields: storedLead(lead, page) }),
          resume_name: null,
          resume_type: null,
          resume: null
        }
      });
    }
  };
}

// server/intake/index.ts
import { Webhook as Webhook3 } from "standardwebhooks";

// server/intake/firm-text.ts
var kindLabel = {
  consultation: "Consultation request",
  information: "Information request",
  application: "Job application"
};
function firmSummary(submission, extra = []) {
  const { first, fields, freeText } = firmRows(submission.details);
  return {
    first,
    rows: [
      ...first.map(({ row }) => row),
      ["Kind", kindLabel[submission.kind]],
      ["Reference", submission.id],
      ["Received", submission.created_at],
      ...fields,
      ...submission.flags ? [["Flags", submission.flags]] : [],
      ...extra,
      freeText
    ]
  };
}
function firmText(rows) {
  const last = rows.length - 1;
  return rows.map(
    ([label, value], index) => index === last ? `${label}: ${visibleControls(value.replace(/\r\n?/g, "\n"), true).replace(/\n/g, "\n  ")}` : `${label}: ${singleLine(value)}`
  ).join("\n");
}

// server/intake/clio-grow.ts
var particles = /* @__PURE__ */ new Set([
  "de",
  "del",
  "la",
  "las",
  "los",
  "y",
  "e",
  "da",
  "das",
  "do",
  "dos",
  "di",
  "van",
  "von",
  "der",
  "le"
]);
function splitName(fullName, locale) {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? "-", last: "-" };
  let start = words.length;
  const takeSurname = () => {
    start -= 1;
    while (start > 1 && particles.has(words[start - 1].toLowerCase())) start -= 1;
  };
  takeSurname();
  if (locale === "es" && start >= 2) takeSurname();
  return { first: words.slice(0, start).join(" "), last: words.slice(start).join(" ") };
}
function foldedMessage(submission) {
  const resume = submission.resume_name ? [["Resume", `${submission.resume_name} (in the firm's email)`]] : [];
  return firmText(firmSummary(submission, resume).rows);
}
function clioGrowLead(submission, token, siteUrl) {
  const { first, last } = splitName(submission.name, submission.locale);
  return {
    inbox_lead_token: token,
    inbox_lead: {
      from_first: first,
      from_last: last,
      from_email: submission.email,
      from_phone: submission.phone,
      from_message: foldedMessage(submission),
      referring_url: new URL(submission.page || "/", siteUrl).toString(),
      from_source: `${new URL(siteUrl).hostname} ${submission.kind === "application" ? "careers" : "website"} form`
    }
  };
}
function clioGrowDeliverer(options) {
  return {
    name: options.name,
    kind: "clio-grow",
    async deliver(submission, { signal }) {
      await postJson(options.url, JSON.stringify(clioGrowLead(submission, options.token, options.siteUrl)), {}, signal);
    }
  };
}

// server/intake/health.ts
import { Hono as Hono2 } from "hono";
import { sql as sql2 } from "kysely";
async function deliveryBacklog(store, now) {
  const rows = await store.db.selectFrom("outbox").select((eb) => [
    "destination",
    eb.fn.countAll().as("rows"),
    eb.fn.min("created_at").as("oldest"),
    sql2`sum(case when attempts > 0 then 1 else 0 end)`.as("failing")
  ]).where("sent_at", "is", null).where("failed_at", "is", null).groupBy("destination").execute();
  const dead = await store.db.selectFrom("outbox").select((eb) => ["destination", eb.fn.countAll().as("rows")]).where("failed_at", "is not", null).where("sent_at", "is", null).groupBy("destination").execute();
  const destinations = {};
  const entry = (name2) => destinations[name2] ??= { pending: 0, failing: 0, deadLettered: 0, oldestPendingSeconds: null };
  for (const row of rows) {
    const item = entry(row.destination);
    item.pending = Number(row.rows);
    item.failing = Number(row.failing);
    item.oldestPendingSeconds = row.oldest ? Math.max(0, Math.round((now.getTime() - Date.parse(row.oldest)) / 1e3)) : null;
  }
  for (const row of dead) entry(row.destination).deadLettered = Number(row.rows);
  const all = Object.values(destinations);
  const ages = all.map((d) => d.oldestPendingSeconds).filter((age2) => age2 !== null);
  return {
    pending: all.reduce((sum, d) => sum + d.pending, 0),
    deadLettered: all.reduce((sum, d) => sum + d.deadLettered, 0),
    oldestPendingSeconds: ages.length ? Math.max(...ages) : null,
    destinations
  };
}
var backlogMaxAgeMs = 1e3;
function healthRoutes(store, options) {
  const warnings = options.warnings?.length ? { warnings: options.warnings } : {};
  const app = new Hono2();
  let backlog;
  const currentBacklog = () => {
    const at = performance.now();
    if (!backlog || at - backlog.at >= backlogMaxAgeMs) backlog = { at, value: deliveryBacklog(store, options.now()) };
    return backlog.value;
  };
  app.get("/healthz", (c) => c.json({ ok: true }, 200, { "Cache-Control": "no-store" }));
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (options.closing()) return c.json({ ok: false, store: "closing" }, 503);
    if (options.full?.()) return c.json({ ok: false, store: "full" }, 503);
    try {
      const timeout = new Promise(
        (_, reject) => setTimeout(() => reject(new Error("store did not answer within 2 s")), 2e3).unref()
      );
      await Promise.race([sql2`select 1`.execute(store.db), timeout]);
      const outbox = await Promise.race([currentBacklog(), timeout]);
      const backup = options.backup ? { backup: options.backup() ?? null } : {};
      return c.json({ ok: true, store: "ok", outbox, ...backup, ...warnings });
    } catch {
      return c.json({ ok: false, store: "unreachable" }, 503);
    }
  });
  return app;
}

// server/intake/mail.ts
import { mkdir as mkdir3, writeFile as writeFile3 } from "node:fs/promises";
import { join as join6 } from "node:path";
import nodemailer from "nodemailer";
function headerSafe(value) {
  return singleLine(value).trim().slice(0, 200);
}
function leadMessageId(submissionId, from) {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "lfh-immigration.example";
  return `<lead-${submissionId.replace(/[^\w-]/g, "")}@${domain}>`;
}
function smtpTransportUrl(smtpUrl) {
  const url2 = new URL(smtpUrl);
  const defaults = {
    connectionTimeout: "30000",
    greetingTimeout: "30000",
    socketTimeout: "300000",
    ...url2.protocol === "smtp:" ? { requireTLS: "true" } : {}
  };
  for (const [key, value] of Object.entries(defaults)) if (!url2.searchParams.has(key)) url2.searchParams.set(key, value);
  return url2.toString();
}
function createMailer(smtpUrl, mailDir) {
  if (smtpUrl) {
    const transport2 = nodemailer.createTransport(smtpTransportUrl(smtpUrl));
    return {
      async send(message) {
        await transport2.sendMail(message);
      },
      close: () => transport2.close()
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir3(mailDir, { recursive: true, mode: 448 });
      await writeFile3(join6(mailDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`), info.message, {
        mode: 384
      });
    },
    close: () => transport.close()
  };
}
function emailDeliverer(mailer, from, to, resumeDir) {
  return {
    name: emailDestination,
    kind: "email",
    // Mail servers cap connections per client (Microsoft 365 takes three at once).
    parallel: 2,
    async deliver(submission) {
      await mailer.send(leadMessage(submission, from, to, resumeDir));
    }
  };
}
function leadMessage(submission, from, to, resumeDir) {
  const { first, rows } = firmSummary(submission);
  const text2 = firmText(rows);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b"><h1 style="font-size:18px">${escapeHtml(kindLabel[submission.kind])}</h1><table cellpadding="6" style="border-collapse:collapse">${rows.map(
    ([label, value]) => `<tr><th align="left" valign="top" style="border-bottom:1px solid #dbe4ef">${escapeHtml(label)}</th><td style="border-bottom:1px solid #dbe4ef;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`
  ).join("")}</table></body></html>`;
  return {
    from,
    to,
    replyTo: { name: headerSafe(submission.name), address: headerSafe(submission.email) },
    subject: headerSafe(
      [
        ...first.map(({ subject }) => subject),
        kindLabel[submission.kind],
        officeName(submission.office),
        submission.name
      ].join(" \u2014 ")
    ),
    text: text2,
    html,
    messageId: leadMessageId(submission.id, from),
    headers: { "X-Lead-Id": submission.id },
    attachments: submission.resume_name ? [
      ...submission.resume ? [{ content: submission.resume }] : submission.resume_file && resumeDir ? [{ path: join6(resumeDir, submission.resume_file) }] : []
    ].map((source) => ({
      ...source,
      filename: headerSafe(submission.resume_name ?? ""),
      contentType: submission.resume_type ?? "application/octet-stream"
    })) : []
  };
}

// server/loop-load.ts
import { performance as performance2 } from "node:perf_hooks";
function watchLoopLoad({ windowMs = 50, threshold = 0.75 } = {}) {
  let last = performance2.eventLoopUtilization();
  let utilization = 0;
  const timer = setInterval(() => {
    const now = performance2.eventLoopUtilization();
    utilization = performance2.eventLoopUtilization(now, last).utilization;
    last = now;
  }, windowMs);
  timer.unref();
  return {
    /** The loop worked more than `threshold` of the last window. */
    loaded: () => utilization > threshold,
    stop: () => clearInterval(timer)
  };
}

// server/intake/purge.ts
import { readdir as readdir2, unlink as unlink2 } from "node:fs/promises";
import { join as join7 } from "node:path";
import { sql as sql3 } from "kysely";
var emlName = /^(\d{1,15})-(?:lead-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?[^/]*\.eml$/;
async function removeFiles(paths) {
  let removed = 0;
  for (const path of paths)
    await unlink2(path).then(
      () => removed += 1,
      () => void 0
    );
  return removed;
}
async function listDir(dir) {
  return readdir2(dir).catch(() => []);
}
async function purgeOlderThan(store, cutoff, mailDir, { only } = {}) {
  const { db } = store;
  const before = cutoff.toISOString();
  const statuses = only ?? [];
  const doomed = await db.selectFrom("submissions").select(["id", "resume_file", "resume_size"]).where("created_at", "<", before).$if(only !== void 0, (qb) => qb.where("status", "in", statuses)).execute();
  if (doomed.length) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("outbox").where(
        "submission_id",
        "in",
        trx.selectFrom("submissions").select("id").where("created_at", "<", before).$if(only !== void 0, (qb) => qb.where("status", "in", statuses))
      ).execute();
      await trx.deleteFrom("submissions").where("created_at", "<", before).$if(only !== void 0, (qb) => qb.where("status", "in", statuses)).execute();
    });
    if (store.dialect === "sqlite") await sql3`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    else await sql3`VACUUM FULL submissions, outbox`.execute(db);
  }
  const ids = new Set(doomed.map((row) => row.id));
  const resumeFiles = store.resumeDir ? doomed.flatMap((row) => row.resume_file ? [join7(store.resumeDir, row.resume_file)] : []) : [];
  const mail = (await listDir(mailDir)).filter((name2) => {
    const match = emlName.exec(name2);
    if (match === null) return false;
    return match[2] !== void 0 && ids.has(match[2]) || only === void 0 && Number(match[1]) < cutoff.getTime();
  });
  const files = await removeFiles([...resumeFiles, ...mail.map((name2) => join7(mailDir, name2))]);
  const resumeBytes = doomed.reduce((sum, row) => sum + (row.resume_size ?? 0), 0);
  return { submissions: doomed.length, files, resumeBytes };
}
function schedulePurge(run, intervalMs = 864e5) {
  let running = Promise.resolve();
  const tick = () => {
    running = running.then(run);
  };
  const first = setTimeout(tick, 1e3);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    }
  };
}

// server/intake/rate-limit.ts
function createRateLimiter(limit, windowMs = 6e4, now = Date.now, maxKeys = 1e4) {
  const windows = /* @__PURE__ */ new Map();
  const evict = (time) => {
    for (const [key, window] of windows) {
      if (windows.size < maxKeys && time - window.start < windowMs) break;
      windows.delete(key);
    }
  };
  const allow = (address) => {
    const key = clientKey(address);
    const time = now();
    const current = windows.get(key);
    if (!current || time - current.start >= windowMs) {
      if (current) windows.delete(key);
      evict(time);
      windows.set(key, { start: time, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  };
  return Object.assign(allow, { size: () => windows.size });
}

// server/intake/resume-download.ts
import { open } from "node:fs/promises";
import { join as join8 } from "node:path";
import { Hono as Hono3 } from "hono";
var maxDownloads = 8;
var pieceBytes = 64 * 1024;
function piecewise(size, readAt, done) {
  let position = 0;
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await done();
  };
  return new ReadableStream({
    async pull(controller) {
      try {
        const piece = Buffer.alloc(Math.min(pieceBytes, size - position));
        const read = piece.length ? await readAt(piece, position) : 0;
        position += read;
        if (read > 0) controller.enqueue(piece.subarray(0, read));
        if (read === 0 || position >= size) {
          await finish();
          controller.close();
        }
      } catch (error) {
        await finish();
        controller.error(error);
      }
    },
    cancel: finish
  });
}
function resumeDownload(store, destinations, link, now) {
  const app = new Hono3();
  const check = {
    maxHours: link.maxHours,
    isDestination: (name2) => destinations.some((d) => d.kind === "webhook" && d.name === name2)
  };
  let downloads = 0;
  app.get(`${apiPaths.resumes}/:id`, async (c) => {
    const id = c.req.param("id");
    const notFound = () => {
      securityEvent("resume-link-refused", { route: apiPaths.resumes, status: 404 });
      return c.json({ ok: false, error: "Not found" }, 404);
    };
    if (!checkResumeLink(id, c.req.query(), { ...check, key: await link.key() }, now())) return notFound();
    if (downloads >= maxDownloads) {
      securityEvent("resume-downloads-busy", { route: apiPaths.resumes, status: 503 });
      return c.json({ ok: false, error: "Busy, try again shortly" }, 503, { "Retry-After": "5" });
    }
    downloads += 1;
    let handle = null;
    const release = async () => {
      downloads -= 1;
      await handle?.close().catch(() => void 0);
    };
    let sending = false;
    try {
      const row = await store.db.selectFrom("submissions").select(["resume", "resume_file", "resume_name", "resume_type"]).where("id", "=", id).where("status", "=", "accepted").executeTakeFirst();
      if (!row?.resume_name) return notFound();
      const stored = row.resume;
      if (!stored) {
        const path = row.resume_file && store.resumeDir ? join8(store.resumeDir, row.resume_file) : void 0;
        handle = path ? await open(path).catch(() => null) : null;
        if (!handle) return notFound();
      }
      const size = stored ? stored.length : (await handle.stat()).size;
      const name2 = headerSafe(row.resume_name).replace(/["\\]/g, "_");
      const headers = {
        "Content-Type": row.resume_type ?? "application/octet-stream",
        "Content-Disposition": `attachment; filename="${name2.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name2)}`,
        "Content-Length": String(size),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store"
      };
      if (c.req.method === "HEAD") return c.body(null, 200, headers);
      const file = handle;
      const readAt = file ? async (piece, position) => (await file.read(piece, 0, piece.length, position)).bytesRead : (piece, position) => Promise.resolve(stored.copy(piece, 0, position, position + piece.length));
      sending = true;
      return c.body(piecewise(size, readAt, release), 200, headers);
    } finally {
      if (!sending) await release();
    }
  });
  return app;
}

// server/intake/review.ts
function reviewQueue(store) {
  return store.db.selectFrom("submissions").select(["id", "created_at", "kind", "flags", "name"]).where("status", "=", "review").orderBy("created_at").execute();
}
var kindLabel2 = {
  consultation: "Consultation request",
  information: "Information request",
  application: "Job application"
};
function age(createdAt, now) {
  const hours = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 36e5));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}
function reviewDigest(items, now, from, to) {
  const lines = items.map(
    (item) => `${item.id}  ${kindLabel2[item.kind]}, waiting ${age(item.created_at, now)} (${item.flags || "unverified"}): ${singleLine(item.name).slice(0, 80)}`
  );
  const text2 = [
    `${items.length} submission(s) wait for review: a captcha is configured and could not vouch for them (blocked by an ad blocker, failed or unreachable). They did not reach this inbox as leads.`,
    "",
    ...lines,
    "",
    "See one:     npm run leads -- show ID",
    "Send it on:  npm run leads -- review release ID",
    "Delete it:   npm run leads -- review discard ID"
  ].join("\n");
  const day = now.toISOString().slice(0, 10);
  return {
    from,
    to,
    subject: `Review queue: ${items.length} submission(s) waiting (${day})`,
    text: text2,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif"><pre style="white-space:pre-wrap">${escapeHtml(text2)}</pre></body></html>`,
    messageId: `<review-digest-${day}@${/@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "lfh-immigration.example"}>`
  };
}
async function sendReviewDigest(store, mailer, options) {
  const items = await reviewQueue(store);
  if (!items.length) return 0;
  const day = options.now.toISOString().slice(0, 10);
  const claimed = await store.db.insertInto("review_digests").values({ day, sent_at: options.now.toISOString() }).onConflict((oc) => oc.column("day").doNothing()).executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) return 0;
  try {
    await mailer.send(reviewDigest(items, options.now, options.from, options.to));
  } catch (error) {
    await store.db.deleteFrom("review_digests").where("day", "=", day).execute();
    throw error;
  }
  log("review.digest_sent", { waiting: items.length });
  return items.length;
}

// server/intake/index.ts
var fullReadinessMs = 6e4;
var reviewPerHour = 3;
async function createIntake(env, options = {}) {
  const store = await openStore(env.DATABASE_URL);
  const mailer = options.mailer ?? createMailer(env.SMTP_URL, env.MAIL_DIR);
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  let linkKeyRead;
  const linkKey = () => linkKeyRead ??= serverKey(store, "resume-links").catch((error) => {
    linkKeyRead = void 0;
    throw error;
  });
  const deliverers = [
    emailDeliverer(mailer, env.MAIL_FROM, env.LEADS_EMAIL_TO, store.resumeDir),
    ...env.destinations.map(
      (destination) => destination.kind === "webhook" ? webhookDeliverer({
        ...destination,
        publicUrl: env.INTAKE_URL,
        resumeLinkHours: env.RESUME_LINK_HOURS,
        linkKey,
        now
      }) : clioGrowDeliverer({ ...destination, siteUrl: env.SITE_URL })
    )
  ];
  const alertEmails = env.ALERT_TO.filter((recipient) => recipient.includes("@"));
  const alertHooks = env.destinations.flatMap(
    (d) => d.kind === "webhook" && env.ALERT_TO.includes(d.name) ? [{ url: d.url, signer: new Webhook3(d.secret) }] : []
  );
  const arrivals = createArrivals();
  const outbox = startOutbox(store.db, deliverers, {
    arrivals,
    owner: env.INSTANCE_ID,
    bookkeeping: store.bookkeeping,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    alertAfterMinutes: env.ALERT_AFTER_MINUTES,
    now,
    async notify(notice, signal) {
      if (alertEmails.length)
        await mailer.send({
          from: env.MAIL_FROM,
          to: alertEmails,
          subject: notice.subject,
          text: notice.body,
          messageId: `<notice-${notice.id.replace(/[^\w-]/g, "-")}@${/@([A-Za-z0-9.-]+)/.exec(env.MAIL_FROM)?.[1] ?? "localhost"}>`
        });
      const body = JSON.stringify({
        type: "delivery.alert",
        version: 1,
        timestamp: now().toISOString(),
        data: { id: notice.id, subject: notice.subject, text: notice.body }
      });
      for (const hook of alertHooks) await postSigned(hook.signer, hook.url, `notice_${notice.id}`, body, signal);
    },
    ...options.pollMs ? { pollMs: options.pollMs } : {},
    ...options.leaseMs ? { leaseMs: options.leaseMs } : {}
  });
  const writer = createGroupCommit(
    store.db,
    deliverers.map((d) => d.name),
    options.busyBudgetMs
  );
  const loopLoad = options.loopLoad ?? (env.UPLOAD_SHED_LOAD ? watchLoopLoad({ threshold: env.UPLOAD_SHED_LOAD }) : void 0);
  let fullSince;
  const budget = createResumeBudget(env.UPLOAD_STORAGE_MB * 1024 * 1024, () => storedResumeBytes(store));
  if (!env.RECAPTCHA_SECRET)
    log("captcha.unverified", {
      reason: "RECAPTCHA_SECRET is not set: captcha tokens are accepted without verification"
    });
  const { route, refuseAtHeaders } = createAcceptPath({
    trustedHops: env.TRUST_PROXY,
    captcha: {
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      minScore: env.RECAPTCHA_MIN_SCORE,
      hostnames: [env.SITE_URL, ...env.ALLOWED_ORIGINS].map((origin3) => new URL(origin3).hostname.toLowerCase()),
      ...options.captchaTimeoutMs ? { timeoutMs: options.captchaTimeoutMs } : {}
    },
    reviewLimiter: createRateLimiter(reviewPerHour, 36e5),
    now,
    async store(submission, deliver) {
      if (isSpamStatus(submission.status) && await spamRows(store) >= env.SPAM_MAX_ROWS) {
        log("lead.spam_not_stored", { reason: "SPAM_MAX_ROWS", status: submission.status });
        return;
      }
      try {
        const kept = await keepResume(submission, budget, store.resumeDir);
        try {
          await writer.insert(kept.submission, deliver);
        } catch (error) {
          await kept.undo();
          throw error;
        }
        fullSince = void 0;
      } catch (error) {
        const code = error instanceof StoreFullError ? error.code : error.code;
        if (code !== "ENOSPC" && !(error instanceof StoreFullError)) throw error;
        fullSince ??= performance.now();
        log("store.full", { code: code ?? "full", message: "the disk holding the store is full: leads are refused" });
        throw error instanceof StoreFullError ? error : new StoreFullError("ENOSPC");
      }
    },
    delivered: () => outbox.nudge(),
    arrivals,
    ...loopLoad ? { loaded: () => loopLoad.loaded() } : {}
  });
  const leads = leadForm(createRateLimiter(env.RATE_LIMIT_PER_MINUTE));
  const careers = careersForm({
    limiter: createRateLimiter(Math.max(1, Math.ceil(env.RATE_LIMIT_PER_MINUTE / 2)))
  });
  const backups = env.BACKUP_DIR ? scheduleBackups({
    databaseUrl: env.DATABASE_URL,
    dir: env.BACKUP_DIR,
    keep: env.BACKUP_KEEP,
    at: env.BACKUP_AT,
    db: store.db,
    now
  }) : void 0;
  let closing = false;
  const app = new Hono4();
  app.route(
    "/",
    healthRoutes(store, {
      now,
      closing: () => closing,
      ...backups ? { backup: backups.status } : {},
      full: () => fullSince !== void 0 && performance.now() - fullSince < fullReadinessMs,
      warnings: env.warnings
    })
  );
  app.route("/", resumeDownload(store, env.destinations, { key: linkKey, maxHours: env.RESUME_LINK_HOURS }, now));
  app.post(leads.route, route(leads));
  app.post(careers.route, route(careers));
  app.onError((error, c) => {
    const from = refererPage(c.req.header("referer"));
    const locale = from?.locale ?? "en";
    if (isStoreUnreachable(error)) {
      log("request.store_unreachable", { path: c.req.path });
      c.header("Retry-After", String(busyRetryAfterSeconds));
      return c.json({ ok: false, error: refusalText(locale, "busy") }, 503);
    }
    log("request.error", { path: c.req.path, message: error.message.slice(0, 200) });
    if (c.req.method === "POST" && (c.req.header("accept") ?? "").includes("text/html")) {
      c.header("Content-Security-Policy", resultPageCsp);
      return c.html(resultPage(locale, { ok: false, refused: "serverError" }, from?.path), 500);
    }
    return c.json({ ok: false, error: refusalText(locale, "serverError") }, 500);
  });
  const digest = () => sendReviewDigest(store, mailer, { from: env.MAIL_FROM, to: env.LEADS_EMAIL_TO, now: now() });
  const digestTimer = env.RECAPTCHA_SECRET ? setInterval(
    () => void digest().catch(
      (error) => log("review.digest_failed", { message: error.message.slice(0, 200) })
    ),
    options.digestCheckMs ?? 36e5
  ) : void 0;
  digestTimer?.unref();
  const days = env.PURGE_AFTER_DAYS;
  const purge = days ? schedulePurge(async () => {
    try {
      const result = await purgeOlderThan(store, new Date(now().getTime() - days * 864e5), env.MAIL_DIR);
      budget.release(result.resumeBytes);
      log("purge.done", { submissions: result.submissions, files: result.files, olderThanDays: days });
      const spamDays = env.SPAM_KEEP_DAYS;
      const spam = await purgeOlderThan(store, new Date(now().getTime() - spamDays * 864e5), env.MAIL_DIR, {
        only: spamStatuses
      });
      budget.release(spam.resumeBytes);
      log("purge.spam_done", { submissions: spam.submissions, files: spam.files, olderThanDays: spamDays });
    } catch (error) {
      log("purge.failed", { message: error.message.slice(0, 200) });
    }
  }) : void 0;
  return {
    app,
    refuseAtHeaders,
    store,
    flush: () => outbox.flush(),
    backup: backups ? () => backups.run() : void 0,
    digest,
    async close() {
      closing = true;
      clearInterval(digestTimer);
      loopLoad?.stop();
      await purge?.stop();
      await backups?.stop();
      await outbox.stop();
      mailer.close();
      await store.close();
    }
  };
}

// server/main.ts
var buildDir = process.env.BUILD_DIR ?? join9(process.cwd(), "build");
async function main() {
  exitOnUnhandledErrors();
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  for (const warning of env.warnings) log("config.cleartext", { ...warning });
  const intake = await createIntake(env);
  const allowedOrigins = /* @__PURE__ */ new Set([new URL(env.SITE_URL).origin, ...env.ALLOWED_ORIGINS]);
  const app = createApp({
    clientDir: join9(buildDir, "client"),
    csp: siteCsp(buildDir, { apiOrigin: env.API_ORIGIN, cmsLocalPort: env.CMS_LOCAL_PORT }),
    api: intake.app,
    trustedHops: env.TRUST_PROXY,
    allowedOrigins
  });
  const { server, port: port2 } = await listen(app, {
    port: env.PORT,
    hostname: env.HOST,
    maxConnections: env.MAX_CONNECTIONS,
    answerAtHeaders: apiAnswersAtHeaders({
      refuse: intake.refuseAtHeaders,
      trustedHops: env.TRUST_PROXY,
      allowedOrigins
    }),
    ...env.TRUST_PROXY === 0 ? { maxConnectionsPerClient: env.MAX_CONNECTIONS_PER_CLIENT } : {}
  });
  for (const origin3 of listeningOrigins(env.HOST, port2)) allowedOrigins.add(origin3);
  log("listening", { url: `http://${env.HOST}:${port2}`, port: port2 });
  if (env.TRUST_PROXY === 0)
    log("proxy.none", {
      message: "Serving without a reverse proxy: right for this machine; on the public internet run it behind deploy/ (README, Deployment)"
    });
  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    log("shutdown", { signal });
    server.close(() => {
      void intake.close().then(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 1e4).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
void main();
//# sourceMappingURL=main.mjs.map
