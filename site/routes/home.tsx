import { attorneys } from "../../core/attorneys";
import { firm, offices, telHref } from "../../core/firm";
import { ArticleCardItem } from "../components/article-cards";
import { AttorneyCard } from "../components/attorney-card";
import { InformationSection } from "../components/information-section";
import { ArrowRightIcon, PhoneIcon } from "../components/icons";
import { LinkCards, Prose } from "../components/page";
import { OfficeCard } from "../components/office-card";
import { Picture } from "../components/picture";
import { SmartLink } from "../components/smart-link";
import { ClientReviews, TrustSignals } from "../components/trust-signals";
import { useMessages, usePath } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/home";
import { articleCardsNewestFirst, categoryKeys, link, pageContext, pageView } from "../content/page-data.server";
import { officeJsonLd } from "../../core/seo";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["home"]);
  const { locale, url } = context;
  return pageView(
    context,
    {
      categories: categoryKeys().map((key) => link(key, locale)),
      articles: articleCardsNewestFirst(locale).slice(0, 3),
    },
    offices.map((office) => officeJsonLd(url, office, locale)),
  );
}
export const meta: Route.MetaFunction = pageMeta;
/** The home page's own information form is its one form; the shared consultation section would be a second. */
export const handle = { consultation: false };

export default function Home({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const path = usePath();
  const categories = page.extra.categories;
  const articles = page.extra.articles;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-navy-900 text-white">
        <div className="absolute inset-0 -z-10 opacity-35">
          <Picture
            src="/images/hero"
            alt=""
            width={1600}
            height={1067}
            sizes="100vw"
            priority
            className="h-full w-full object-cover"
          />
        </div>
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950 via-navy-950/90 to-navy-900/40" />
        <div className="container-page py-12 sm:py-20 lg:py-24">
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-gold-400">{firm.name}</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-semibold leading-tight text-white sm:text-5xl lg:text-6xl">
            {page.content.data.h1}
          </h1>
          {page.content.data.summary && (
            <p className="mt-5 max-w-2xl text-lg text-navy-100 sm:text-xl">{page.content.data.summary}</p>
          )}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <SmartLink to={path("schedule")} className="btn-gold min-h-12 justify-center px-6 py-3 text-base">
              {t.ui.scheduleConsultation}
            </SmartLink>
            <SmartLink
              to={telHref(firm.phone)}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              <PhoneIcon width={18} height={18} /> <span className="nowrap">{firm.phone}</span>
            </SmartLink>
          </div>
        </div>
      </section>

      <div className="border-b border-navy-100 bg-cream">
        <div className="container-page py-8">
          <TrustSignals />
        </div>
      </div>

      <section aria-labelledby="practice-heading" className="container-page py-16">
        <p className="eyebrow">{t.ui.practiceAreas}</p>
        <h2 id="practice-heading" className="mt-2 font-semibold">
          {t.ui.howWeHelp}
        </h2>
        <div className="mt-8">
          <LinkCards items={categories} compactOnPhone />
        </div>
        <SmartLink
          to={path("practice-areas")}
          className="mt-8 inline-flex items-center gap-1 font-semibold text-navy-700 hover:underline"
        >
          {t.ui.viewAll} <ArrowRightIcon width={16} height={16} />
        </SmartLink>
      </section>

      <section aria-labelledby="attorneys-heading" className="border-t border-navy-100 bg-white py-16">
        <div className="container-page">
          <h2 id="attorneys-heading" className="font-semibold">
            {t.ui.meetAttorneys}
          </h2>
          <ul className="mt-8 grid gap-4 lg:grid-cols-3 lg:gap-6">
            {attorneys.map((attorney) => (
              <AttorneyCard key={attorney.slug} attorney={attorney} />
            ))}
          </ul>
        </div>
      </section>

      <section className="bg-navy-50 py-16">
        <div className="container-page grid gap-12 lg:grid-cols-2">
          <div>
            <Prose html={page.content.html} />
          </div>
          <InformationSection />
        </div>
      </section>

      <ClientReviews />

      <section aria-labelledby="offices-heading" className="container-page py-16">
        <h2 id="offices-heading" className="font-semibold">
          {t.ui.locations}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-5">
          {offices.map((office) => (
            <li key={office.id}>
              <OfficeCard office={office} variant="compact" />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="blog-heading" className="bg-cream py-16">
        <div className="container-page">
          <h2 id="blog-heading" className="font-semibold">
            {t.ui.blog}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {articles.map((article) => (
              <li
                key={article.key}
                className="relative flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
              >
                <ArticleCardItem article={article} heading="h3" />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
