import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatDate, GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { Picture } from "../components/picture";
import { SmartLink } from "../components/smart-link";
import { useLocale, useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type ArticleCard, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

export default function Article() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const locale = useLocale();
  const article = page.extra.article as ArticleCard;
  const toc = page.content.headings.filter((h) => h.depth === 2);
  const published = String(page.content.data.published);
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.blog}>
        <div className="mt-6 flex items-center gap-3 text-sm text-navy-100">
          <Picture
            src={page.extra.authorImage as string}
            alt=""
            width={48}
            height={48}
            sizes="48px"
            className="h-12 w-12 rounded-full object-cover"
          />
          <div>
            <p>
              {t.ui.by}{" "}
              <SmartLink
                to={page.extra.authorPath as string}
                className="font-semibold text-white underline underline-offset-4"
              >
                {article.author}
              </SmartLink>
            </p>
            <p>
              {t.ui.publishedOn} <time dateTime={published}>{formatDate(published, locale)}</time> · {t.ui.reviewedOn}{" "}
              <time dateTime={page.content.data.updated}>{formatDate(page.content.data.updated, locale)}</time> ·{" "}
              {article.minutes} {t.ui.minRead}
            </p>
          </div>
        </div>
      </PageHeader>
      <PageBody
        aside={
          <nav aria-labelledby="toc-heading" className="rounded-xl border border-navy-100 p-5 lg:sticky lg:top-28">
            <h2
              id="toc-heading"
              className="mb-3 font-sans text-sm font-semibold uppercase tracking-[0.14em] text-slate-700"
            >
              {t.ui.onThisPage}
            </h2>
            <ol className="list-decimal space-y-2 pl-5 text-sm">
              {toc.map((h) => (
                <li key={h.id}>
                  <a href={`#${h.id}`} className="text-navy-700 hover:underline">
                    {h.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        }
      >
        <article>
          <Prose html={page.content.html} />
        </article>
        <RelatedLinks items={page.extra.related} title={t.ui.relatedArticles} />
        <GeneralInfoNote updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}
