import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { GeneralInfoNote, LinkCards, LinkList, PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageLink, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

/** The practice-areas index and each category page. */
export default function PracticeList() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const categories = page.extra.categories as (PageLink & { pages: PageLink[] })[] | undefined;
  const pages = page.extra.pages as PageLink[] | undefined;
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.practiceAreas} />
      <div className="container-page py-10 lg:py-16">
        {/* The index leads with the list of areas (what a visitor scans for); the guide follows. */}
        {categories && (
          <div className="mb-12 grid gap-x-12 gap-y-10 lg:grid-cols-2">
            {categories.map((category) => (
              <section key={category.key} aria-labelledby={`cat-${category.key.split("/")[1]}`}>
                <h2 id={`cat-${category.key.split("/")[1]}`} className="text-2xl font-semibold">
                  <SmartLink to={category.path} className="hover:underline">
                    {category.title}
                  </SmartLink>
                </h2>
                {category.summary && <p className="mt-1.5 mb-3 text-[0.95rem] text-slate-700">{category.summary}</p>}
                <LinkList items={category.pages} columns="sm:grid-cols-2 lg:grid-cols-1" />
              </section>
            ))}
          </div>
        )}
        <div className="mx-auto max-w-3xl">
          <Prose html={page.content.html} />
        </div>
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
