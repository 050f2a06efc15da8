import { type RouteConfig, route } from "@react-router/dev/routes";
import { allPages, type PageKind } from "../core/routes";

/** One route module per kind of page; the route map in core/ lists every path. */
const moduleOf: Record<PageKind, string> = {
  home: "routes/home.tsx",
  schedule: "routes/schedule.tsx",
  payment: "routes/content-page.tsx",
  fees: "routes/fees.tsx",
  contact: "routes/contact.tsx",
  "blog-index": "routes/blog-index.tsx",
  article: "routes/article.tsx",
  "lfh-tv": "routes/lfh-tv.tsx",
  sitemap: "routes/sitemap.tsx",
  workbook: "routes/content-page.tsx",
  "areas-we-serve": "routes/content-page.tsx",
  "immigration-law": "routes/content-page.tsx",
  help: "routes/content-page.tsx",
  urgent: "routes/content-page.tsx",
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

/** One route per page and language; the id is the path, so an error names the page. */
export default [
  ...allPages.flatMap((page) =>
    Object.values(page.paths).map((path) => route(path, moduleOf[page.kind], { id: path })),
  ),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
