import { ArticleCardItem } from "../components/article-cards";
import { PageHeader, Prose } from "../components/page";
import { SiteSearch } from "../components/site-search";
import { island } from "../islands/island";
import { useMessages } from "../lib/locale";
import { pageMeta, type ArticleCard, type PageLink } from "../lib/page-types";
import type { Route } from "./+types/blog-index";
import { articleCardsNewestFirst, categoryKeys, pageContext, pageView } from "../content/page-data.server";

/** The practice areas the articles are about, each with how many articles it has, in menu order. */
function topicsOf(articles: ArticleCard[]): (PageLink & { count: number })[] {
  const topics = new Map<string, PageLink & { count: number }>();
  for (const { topic } of articles) {
    if (!topic) continue;
    const seen = topics.get(topic.key);
    topics.set(topic.key, { ...topic, count: (seen?.count ?? 0) + 1 });
  }
  const order = categoryKeys();
  return [...topics.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["blog-index"]);
  const articles = articleCardsNewestFirst(context.locale);
  return pageView(context, { articles, topics: topicsOf(articles) });
}
export const meta: Route.MetaFunction = pageMeta;

// The blog's `?q=` URL (the structured data's search action) shows its results first, at once;
// otherwise the search hydrates as it comes into view. Its code and index load only for a query.
const SiteSearchIsland = island("site-search", SiteSearch, "query");

/** The blog index: its introduction, then the articles, newest first, with a filter by topic. */
export default function BlogIndex({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const { articles, topics } = page.extra;
  const topicNumber = (key: string | undefined) => topics.findIndex((topic) => topic.key === key) + 1;
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-12 lg:py-16">
        <div className="mx-auto max-w-3xl">
          <Prose html={page.content.html} />
          <section id="search" aria-label={t.ui.searchSite} className="mt-8 scroll-mt-24">
            <SiteSearchIsland readQueryFromUrl />
          </section>
        </div>
        <div className="topic-filter mt-10">
          <fieldset>
            <legend className="mb-3 font-semibold text-ink">{t.ui.topicFilter}</legend>
            <div className="flex flex-wrap gap-2">
              {[{ key: "", title: t.ui.allTopics, count: articles.length }, ...topics].map((topic) => (
                <label
                  key={topic.key}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-navy-200 bg-white px-4 py-2 text-sm font-medium text-navy-800 hover:bg-navy-50 has-[:checked]:border-navy-800 has-[:checked]:bg-navy-800 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-navy-700"
                >
                  <input
                    type="radio"
                    name="topic"
                    value={topic.key}
                    data-topic={topic.key ? topicNumber(topic.key) : undefined}
                    defaultChecked={!topic.key}
                    className="sr-only"
                  />
                  {topic.title} ({topic.count})
                </label>
              ))}
            </div>
          </fieldset>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li
                key={article.key}
                data-topic={topicNumber(article.topic?.key)}
                className="relative flex flex-col rounded-xl border border-navy-100 bg-white p-6 shadow-sm"
              >
                <ArticleCardItem article={article} heading="h2" showAuthor />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}
