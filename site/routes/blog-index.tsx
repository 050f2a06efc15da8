import { useLoaderData, useSearchParams, Form, type LoaderFunctionArgs } from "react-router";
import { formatDate, PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useHydrated } from "../lib/hydrated";
import { useLocale, useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type ArticleCard, type PageView } from "../lib/page-types";
import { matchesSearch } from "../lib/search";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

/** The blog index; `?q=` searches title, summary and body, accent-insensitive (the WebSite SearchAction). */
export default function BlogIndex() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const locale = useLocale();
  const [params] = useSearchParams();
  // The prerendered page lists every article; the query applies once hydrated, so the first
  // client render matches the HTML (a search URL opened directly would otherwise fail hydration).
  const hydrated = useHydrated();
  const query = hydrated ? (params.get("q")?.trim() ?? "") : "";
  const all = page.extra.articles as ArticleCard[];
  const articles = query ? all.filter((a) => matchesSearch(a.searchText, query)) : all;
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-12 lg:py-16">
        <div className="mx-auto max-w-3xl">
          <Prose html={page.content.html} />
          <Form method="get" role="search" className="mt-8 flex gap-2" aria-label={t.ui.searchArticles}>
            <label htmlFor="blog-search" className="sr-only">
              {t.ui.searchArticles}
            </label>
            <input
              id="blog-search"
              name="q"
              type="search"
              defaultValue={query}
              key={query}
              placeholder={t.ui.searchPlaceholder}
              className="field-input"
            />
            <button type="submit" className="btn-primary">
              {t.ui.searchButton}
            </button>
          </Form>
          {query && (
            <p className="mt-4 text-slate-700" role="status">
              {articles.length
                ? `${articles.length} ${articles.length === 1 ? t.ui.searchResult : t.ui.searchResults}`
                : t.ui.searchNoResults}{" "}
              <SmartLink to={page.path} className="font-semibold text-navy-700 underline">
                {t.ui.clearSearch}
              </SmartLink>
            </p>
          )}
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <li
              key={article.key}
              className="relative flex flex-col rounded-xl border border-navy-100 bg-white p-6 shadow-sm"
            >
              <p className="text-sm text-slate-700">
                <time dateTime={article.published}>{formatDate(article.published, locale)}</time> · {article.minutes}{" "}
                {t.ui.minRead}
              </p>
              <h2 className="mt-2 text-xl font-semibold">
                <SmartLink to={article.path} className="after:absolute after:inset-0 hover:underline">
                  {article.title}
                </SmartLink>
              </h2>
              <p className="mt-2 flex-1 text-[0.95rem] text-slate-700">{article.summary}</p>
              <p className="mt-4 text-sm font-medium text-slate-700">
                {t.ui.by} {article.author}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
