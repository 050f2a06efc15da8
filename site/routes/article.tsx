import { CallPanel } from "../components/call-panel";
import { formatDate, GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { AttorneyFacts, AttorneyPortrait } from "../components/attorney-card";
import { SmartLink } from "../components/smart-link";
import { TableOfContents } from "../components/table-of-contents";
import { attorney, attorneys, profileKey } from "../../core/attorneys";
import { useLocale, useMessages, usePath } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/article";
import { articleCard, pageContext, pageView } from "../content/page-data.server";
import { messages } from "../../core/i18n";
import { pathOf } from "../../core/routes";
import { articleJsonLd } from "../../core/seo";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["article"]);
  const { content, locale, page, url } = context;
  const author = attorney(content.data.author);
  const authorPath = pathOf(profileKey(author), locale);
  const jsonLd = articleJsonLd(url, {
    headline: content.data.h1,
    description: content.data.description,
    locale,
    path: pathOf(page.key, locale),
    published: content.data.published,
    updated: content.data.updated,
    words: content.words,
    author: { name: author.name, path: authorPath },
    imageAlt: messages(locale).meta.shareImageAlt,
  });
  return pageView(context, { article: articleCard(page.key, locale), authorPath }, [jsonLd]);
}
export const meta: Route.MetaFunction = pageMeta;

export default function Article({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const path = usePath();
  const article = page.extra.article;
  const toc = page.content.headings.filter((h) => h.depth === 2);
  const published = page.content.data.published;
  const author = attorneys.find((a) => a.name === article.author);
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.blog}>
        <div className="mt-6 flex items-center gap-3 text-sm text-navy-100">
          {author && (
            <div className="rounded-full ring-2 ring-gold-400/60">
              <AttorneyPortrait attorney={author} size="avatar" />
            </div>
          )}
          <div>
            <p>
              {t.ui.by}{" "}
              <SmartLink to={page.extra.authorPath} className="font-semibold text-white underline underline-offset-4">
                {article.author}
              </SmartLink>
              {author && <span className="text-navy-100">, {author.role[locale]}</span>}
            </p>
            <p>
              {t.ui.publishedOn} <time dateTime={published}>{formatDate(published, locale)}</time> · {t.ui.reviewedOn}{" "}
              <time dateTime={page.content.data.updated}>{formatDate(page.content.data.updated, locale)}</time> ·{" "}
              <span className="nowrap">
                {article.minutes} {t.ui.minRead}
              </span>
            </p>
          </div>
        </div>
      </PageHeader>
      <PageBody
        asideLabel={t.ui.pageGuide}
        aside={
          <>
            <TableOfContents headings={toc} variant="sidebar" />
            <CallPanel />
          </>
        }
      >
        <TableOfContents headings={toc} variant="inline" />
        <article>
          <Prose html={page.content.html} />
        </article>
        {author && (
          <section aria-label={t.ui.profileLabel} className="card mt-10 flex gap-4">
            <AttorneyPortrait attorney={author} size="thumb" />
            <div className="min-w-0">
              <p className="text-lg font-semibold">
                <SmartLink to={path(profileKey(author))} className="text-navy-900 hover:underline">
                  {author.name}
                </SmartLink>
              </p>
              <p className="font-medium text-gold-600">{author.role[locale]}</p>
              <div className="mt-3">
                <AttorneyFacts attorney={author} compact />
              </div>
            </div>
          </section>
        )}
        <RelatedLinks items={page.extra.related} title={t.ui.relatedArticles} />
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
