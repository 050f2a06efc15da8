import { type RouteConfig, route } from "@react-router/dev/routes";
import { allPages, practiceRoot, type PageKind } from "../core/routes";

/** One route module per kind of page; the route map in core/ lists every path. */
const moduleOf: Record<PageKind, string> = {
  home: "routes/home.tsx",
  schedule: "routes/schedule.tsx",
  payment: "routes/content-page.tsx",
  contact: "routes/contact.tsx",
  "blog-index": "routes/blog-index.tsx",
  article: "routes/article.tsx",
  "lfh-tv": "routes/lfh-tv.tsx",
  sitemap: "routes/sitemap.tsx",
  workbook: "routes/content-page.tsx",
  "areas-we-serve": "routes/content-page.tsx",
  "immigration-law": "routes/content-page.tsx",
  help: "routes/content-page.tsx",
  legal: "routes/legal.tsx",
  firm: "routes/content-page.tsx",
  attorney: "routes/attorney.tsx",
  locations: "routes/locations.tsx",
  faqs: "routes/faqs.tsx",
  careers: "routes/content-page.tsx",
  job: "routes/job.tsx",
  city: "routes/city.tsx",
  "practice-index": "routes/practice-list.tsx",
  "practice-category": "routes/practice-list.tsx",
  practice: "routes/practice.tsx",
};

/**
 * Families of pages share one parameterised route; the route map still lists (and prerenders)
 * every path. Fewer routes and short ids keep the browser's route manifest small.
 */
const parameterised: [PageKind, Record<"en" | "es", string>][] = [
  ["practice", { en: `${practiceRoot.en}/:category/:page`, es: `${practiceRoot.es}/:category/:page` }],
  ["practice-category", { en: `${practiceRoot.en}/:category`, es: `${practiceRoot.es}/:category` }],
  ["article", { en: "/blog/:slug", es: "/es/blog/:slug" }],
];

export default [
  ...parameterised.flatMap(([kind, paths]) =>
    Object.entries(paths).map(([locale, path]) => route(path, moduleOf[kind], { id: `${kind}-${locale}` })),
  ),
  ...allPages
    .filter((page) => !parameterised.some(([kind]) => kind === page.kind))
    .flatMap((page, index) =>
      Object.entries(page.paths).map(([locale, path]) => route(path, moduleOf[page.kind], { id: `${locale}${index}` })),
    ),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
