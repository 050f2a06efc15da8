import { useHydrated } from "../lib/hydrated";
import { useLocale, useMessages } from "../lib/locale";
import type { ArticleCard } from "../lib/page-types";
import { matchesSearch } from "../lib/search";
import { formatDate } from "./page";
import { SmartLink } from "./smart-link";

/**
 * The blog's search form and article list; `?q=` searches title, summary and body, accent-
 * insensitive (the WebSite SearchAction of the structured data). The prerendered page lists every
 * article; the query applies once hydrated, so the first client render matches the HTML.
 */
export function BlogSearch({ articles, path }: { articles: ArticleCard[]; path: string }) {
  const t = useMessages();
  const locale = useLocale();
  const hydrated = useHydrated();
  const query = hydrated ? (new URLSearchParams(window.location.search).get("q")?.trim() ?? "") : "";
  const shown = query ? articles.filter((a) => matchesSearch(a.searchText, query)) : articles;
  return (
    <>
      <div className="mx-auto max-w-3xl">
        <form method="get" action={path} role="search" className="mt-8 flex gap-2" aria-label={t.ui.searchArticles}>
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
        </form>
        {query && (
          <p className="mt-4 text-slate-700" role="status">
            {shown.length
              ? `${shown.length} ${shown.length === 1 ? t.ui.searchResult : t.ui.searchResults}`
              : t.ui.searchNoResults}{" "}
            <SmartLink to={path} className="font-semibold text-navy-700 underline">
              {t.ui.clearSearch}
            </SmartLink>
          </p>
        )}
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {shown.map((article) => (
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
    </>
  );
}
