import { GeneralInfoNote, LinkCards, LinkList, PageHeader, Prose } from "../components/page";
import { Typeset } from "../components/typeset";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/practice-list";
import { categoryKeys, link, pageContext, pageView, subpageKeys } from "../content/page-data.server";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["practice-index", "practice-category"]);
  const { locale, page } = context;
  if (page.kind === "practice-category")
    return pageView(context, { pages: subpageKeys(page.key).map((key) => link(key, locale)) });
  // A page listed under two categories (the marriage green card) is listed once, under the first.
  const listed = new Set<string>();
  const categories = categoryKeys().map((key) => ({
    ...link(key, locale),
    pages: subpageKeys(key)
      .map((k) => link(k, locale))
      .filter((sub) => !listed.has(sub.path) && Boolean(listed.add(sub.path))),
  }));
  return pageView(context, { categories });
}
export const meta: Route.MetaFunction = pageMeta;

/** The practice-areas index and each category page. */
export default function PracticeList({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const categories = "categories" in page.extra ? page.extra.categories : undefined;
  const pages = "pages" in page.extra ? page.extra.pages : undefined;
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.practiceAreas} />
      <div className="container-page py-10 lg:py-16">
        {/* The index opens with its short introduction (which says how the areas are grouped), then the areas. */}
        {categories && (
          <div className="mx-auto mb-12 max-w-3xl">
            <Prose html={page.content.html} />
          </div>
        )}
        {categories && (
          <div className="mb-12 grid gap-x-12 gap-y-10 lg:grid-cols-2">
            {categories.map((category) => (
              <section key={category.key} aria-labelledby={`cat-${category.key.split("/")[1]}`}>
                <h2 id={`cat-${category.key.split("/")[1]}`} className="font-semibold">
                  <SmartLink to={category.path} className="hover:underline">
                    <Typeset text={category.title} />
                  </SmartLink>
                </h2>
                {category.summary && <p className="mt-1.5 mb-3 text-[0.95rem] text-slate-700">{category.summary}</p>}
                <LinkList items={category.pages} columns="sm:grid-cols-2 lg:grid-cols-1" />
              </section>
            ))}
          </div>
        )}
        {!categories && (
          <div className="mx-auto max-w-3xl">
            <Prose html={page.content.html} />
          </div>
        )}
        {pages && (
          <div className="mt-12">
            <LinkCards items={pages} headingLevel={2} />
          </div>
        )}
        <div className="mx-auto max-w-3xl">
          <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
        </div>
      </div>
    </>
  );
}
