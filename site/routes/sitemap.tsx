import type { PageKind } from "../../core/routes";
import { Typeset } from "../components/typeset";
import { PageBody, PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/sitemap";
import { link, pageContext, pageView } from "../content/page-data.server";
import { allPages } from "../../core/routes";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["sitemap"]);
  const { locale } = context;
  const pages = allPages
    .filter((p) => p.paths[locale] && p.canonicalKey === undefined)
    .map((p) => ({ ...link(p.key, locale), kind: p.kind }));
  return pageView(context, { pages });
}
export const meta: Route.MetaFunction = pageMeta;

type Section = "main" | "practice" | "firm" | "blog" | "cities" | "legal";
const sectionOf: Record<PageKind, Section> = {
  home: "main",
  schedule: "main",
  payment: "main",
  fees: "main",
  contact: "main",
  "lfh-tv": "main",
  sitemap: "main",
  workbook: "main",
  "areas-we-serve": "main",
  "immigration-law": "main",
  help: "main",
  urgent: "main",
  "blog-index": "blog",
  article: "blog",
  legal: "legal",
  firm: "firm",
  attorney: "firm",
  locations: "firm",
  faqs: "firm",
  careers: "firm",
  job: "firm",
  city: "cities",
  "practice-index": "practice",
  "practice-category": "practice",
  practice: "practice",
};
const order: Section[] = ["main", "practice", "firm", "blog", "cities", "legal"];

/** The HTML sitemap: every page of the current language, from the route map. */
export default function Sitemap({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const pages = page.extra.pages;
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        <Prose html={page.content.html} />
        {order.map((section) => (
          <section key={section} aria-labelledby={`sitemap-${section}`} className="mt-10">
            <h2 id={`sitemap-${section}`} className="font-semibold">
              {t.ui.sitemapSections[section]}
            </h2>
            <ul className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-2">
              {pages
                .filter((p) => sectionOf[p.kind] === section)
                .map((p) => (
                  <li key={p.key}>
                    <SmartLink to={p.path} className="text-navy-700 underline underline-offset-4 hover:text-navy-900">
                      <Typeset text={p.title} />
                    </SmartLink>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </PageBody>
    </>
  );
}
