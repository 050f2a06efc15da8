import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { BlogSearch } from "../components/blog-search";
import { PageHeader, Prose } from "../components/page";
import { island } from "../islands/island";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type ArticleCard, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

const BlogSearchIsland = island("blog-search", BlogSearch, "visible");

/** The blog index: its introduction, then the search form and the articles. */
export default function BlogIndex() {
  const page = useLoaderData() as PageView;
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-12 lg:py-16">
        <div className="mx-auto max-w-3xl">
          <Prose html={page.content.html} />
        </div>
        <BlogSearchIsland articles={page.extra.articles as ArticleCard[]} path={page.path} />
      </div>
    </>
  );
}
