import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { firm } from "../../core/firm";
import { staticPaths } from "../../core/site-paths";
import { CardIcon } from "../components/icons";
import { GeneralInfoNote, LinkCards, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { Picture } from "../components/picture";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageLink, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

/** Pages that are mostly their Markdown: payment, workbook, areas we serve, overview, firm, careers. */
export default function ContentPage() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const attorneys = page.extra.attorneys as (PageLink & { image: string })[] | undefined;
  const jobs = page.extra.jobs as PageLink[] | undefined;
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        {page.kind === "payment" && (
          <div className="mb-10 flex flex-col gap-3 rounded-2xl border border-navy-100 bg-navy-50 p-6 sm:flex-row">
            <SmartLink to={firm.paymentUrl} className="btn-primary justify-center">
              <CardIcon /> {t.ui.payNow} <span className="sr-only">{t.ui.opensInNewTab}</span>
            </SmartLink>
            <SmartLink to={firm.cardPaymentUrl} className="btn-secondary justify-center">
              {t.ui.payCard} <span className="sr-only">{t.ui.opensInNewTab}</span>
            </SmartLink>
          </div>
        )}
        {page.kind === "workbook" && (
          <p className="mb-10">
            <a href={staticPaths.workbook} download className="btn-primary">
              {t.ui.downloadWorkbook}
            </a>
          </p>
        )}
        <Prose html={page.content.html} />
        {attorneys && (
          <section aria-labelledby="attorneys-heading" className="mt-12">
            <h2 id="attorneys-heading" className="mb-6 text-2xl font-semibold">
              {t.ui.ourAttorneys}
            </h2>
            <ul className="grid gap-6 sm:grid-cols-3">
              {attorneys.map((a) => (
                <li key={a.key} className="relative overflow-hidden rounded-xl border border-navy-100 bg-white">
                  <Picture
                    src={a.image}
                    alt=""
                    width={320}
                    height={400}
                    sizes="(min-width: 640px) 240px, 100vw"
                    className="aspect-[4/5] h-auto w-full object-cover"
                  />
                  <p className="p-4 font-serif text-lg font-semibold">
                    <SmartLink to={a.path} className="after:absolute after:inset-0 hover:underline">
                      {a.title}
                    </SmartLink>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        )}
        {jobs && (
          <section aria-labelledby="jobs-heading" className="mt-12">
            <h2 id="jobs-heading" className="mb-6 text-2xl font-semibold">
              {t.ui.openPositions}
            </h2>
            <LinkCards items={jobs} />
          </section>
        )}
        <RelatedLinks items={page.extra.related} title={t.ui.relatedPages} />
        <GeneralInfoNote updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}
