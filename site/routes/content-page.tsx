import { attorneys as firmAttorneys } from "../../core/attorneys";
import { firm } from "../../core/firm";
import { AttorneyCard } from "../components/attorney-card";
import { staticPaths } from "../../core/site-paths";
import { CardIcon } from "../components/icons";
import { GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { TrustSignals } from "../components/trust-signals";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/content-page";
import { jobCard, pageContext, pageView } from "../content/page-data.server";
import { JobCards } from "../components/jobs";
import { UrgentCall } from "../components/urgent-path";
import { allPages } from "../../core/routes";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, [
    "payment",
    "workbook",
    "areas-we-serve",
    "immigration-law",
    "firm",
    "careers",
    "help",
    "urgent",
  ]);
  const jobs = allPages.filter((p) => p.kind === "job").map((p) => jobCard(p.key, context.locale));
  return pageView(context, context.page.kind === "careers" ? { jobs } : {});
}
export const meta: Route.MetaFunction = pageMeta;

/** Pages that are mostly their Markdown: payment, workbook, areas we serve, overview, firm, careers. */
export default function ContentPage({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const attorneys = page.kind === "firm";
  const jobs = "jobs" in page.extra ? page.extra.jobs : undefined;
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        {page.kind === "urgent" && <UrgentCall />}
        {page.kind === "payment" && (
          <section aria-labelledby="payment-options" className="card-muted mb-10 border-t-4 border-t-gold-400">
            <h2 id="payment-options" className="font-semibold">
              {t.ui.paymentOptions}
            </h2>
            <p className="mt-2" data-testid="payment-which">
              {t.ui.paymentWhich}
            </p>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <div className="flex flex-col">
                <SmartLink to={firm.paymentUrl} className="btn-primary justify-center">
                  <CardIcon /> {t.ui.payNow} <span className="sr-only">{t.ui.opensInNewTab}</span>
                </SmartLink>
                <p className="mt-2 text-sm text-slate-700">{t.ui.payNowHint}</p>
              </div>
              <div className="flex flex-col">
                <SmartLink to={firm.cardPaymentUrl} className="btn-secondary justify-center">
                  {t.ui.payCard} <span className="sr-only">{t.ui.opensInNewTab}</span>
                </SmartLink>
                <p className="mt-2 text-sm text-slate-700">{t.ui.payCardHint}</p>
              </div>
            </div>
          </section>
        )}
        {page.kind === "workbook" && (
          <p className="mb-10">
            <a href={staticPaths.workbook} download className="btn-primary">
              {t.ui.downloadWorkbook}
            </a>
          </p>
        )}
        {attorneys && (
          <div className="card-muted mb-10">
            <TrustSignals />
          </div>
        )}
        {attorneys && (
          <section aria-labelledby="attorneys-heading" className="mb-12">
            <h2 id="attorneys-heading" className="mb-6 font-semibold">
              {t.ui.ourAttorneys}
            </h2>
            <ul className="grid gap-4">
              {firmAttorneys.map((attorney) => (
                <AttorneyCard key={attorney.slug} attorney={attorney} />
              ))}
            </ul>
          </section>
        )}
        {/* People come to a careers page for the openings: they lead, the firm's story follows. */}
        {jobs && (
          <section aria-labelledby="jobs-heading" className="mb-12">
            <h2 id="jobs-heading" className="mb-6 font-semibold">
              {t.ui.openPositions}
            </h2>
            <JobCards jobs={jobs} />
          </section>
        )}
        <Prose html={page.content.html} />
        <RelatedLinks items={page.extra.related} title={t.ui.seeAlso} />
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
