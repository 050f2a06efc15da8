import { BlogSearch } from "../components/blog-search";
import { PageHeader, Prose } from "../components/page";
import { island } from "../islands/island";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/blog-index";
import { articleCard, pageContext, pageView } from "../content/page-data.server";
import { pagesOf } from "../../core/routes";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["blog-index"]);
  const articles = pagesOf("article").filter((page) => page.paths[context.locale]);
  return pageView(context, { articles: articles.map((page) => articleCard(page.key, context.locale)) });
}
export const meta: Route.MetaFunction = pageMeta;

const BlogSearchIsland = island("blog-search", BlogSearch, "visible");

/** The blog index: its introduction, then the search form and the articles. */
export default function BlogIndex({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-12 lg:py-16">
        <div className="mx-auto max-w-3xl">
          <Prose html={page.content.html} />
        </div>
        <BlogSearchIsland articles={page.extra.articles} path={page.path} />
      </div>
    </>
  );
}
