import { localeFromPath } from "./locales";
import { isPageKey, pathOf, renamedPaths, stripTrailingSlash, type PageKey } from "./routes";

/**
 * Old URLs with search equity (the previous site's service, location and top-level pages) and
 * the /en prefix: each answers 301 to the closest real page.
 */
const serviceTargets: Record<string, PageKey> = {
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
  eb5: "practice-areas/employment-based/eb-5-immigrant-investor",
};

/** The previous site's /locations/{city}-tx cities; McAllen has no city page. */
export const legacyLocationCities = [
  "houston",
  "the-woodlands",
  "irving",
  "dallas",
  "austin",
  "san-antonio",
  "mcallen",
];

const topLevel: Record<string, PageKey> = {
  "/about": "our-firm",
  "/services": "practice-areas",
  "/faq": "our-firm/faqs",
  "/testimonials": "our-firm",
  "/case-results": "our-firm",
  "/es/nosotros": "our-firm",
  "/es/servicios": "practice-areas",
  "/es/preguntas-frecuentes": "our-firm/faqs",
  "/es/testimonios": "our-firm",
  "/es/casos-de-exito": "our-firm",
};

function cityTarget(city: string): PageKey {
  const key = `cities/${city}`;
  return isPageKey(key) ? key : "areas-we-serve";
}

/**
 * Every legacy path with its target, for the server, tests and the HTML-less static host config:
 * the previous site's URLs and the former addresses of renamed pages (`previousSlugs`).
 */
export function legacyRedirects(): Map<string, string> {
  const map = new Map<string, string>(renamedPaths());
  for (const [from, key] of Object.entries(topLevel)) map.set(from, pathOf(key, localeFromPath(from)));
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

const redirects = legacyRedirects();

/**
 * Whether a redirect target stays on this site. `//host` and `/\\host` are read by browsers as
 * another host, so a path must start with exactly one slash.
 */
export function isSameSitePath(location: string): boolean {
  return /^\/(?![/\\])/.test(location) || location === "/";
}

/**
 * Where a path should permanently redirect, if anywhere: repeated slashes, /en prefix, trailing
 * slash, legacy URL. Every answer is a same-site path: runs of slashes and backslashes collapse to
 * one slash first, so no rewrite can produce `//host`. One pass over the path, however many /en
 * segments it repeats (this also runs in the browser's not-found page).
 */
export function legacyRedirect(pathname: string): string | undefined {
  const collapsed = pathname.replace(/[/\\]+/g, "/");
  let start = 0;
  while (collapsed.startsWith("/en", start) && (collapsed.length === start + 3 || collapsed[start + 3] === "/"))
    start += 3;
  const rest = start === 0 ? collapsed : collapsed.slice(start) || "/";
  const stripped = stripTrailingSlash(rest);
  const target = redirects.get(stripped) ?? stripped;
  return target !== pathname ? target : undefined;
}
