import { CareersForm } from "../components/careers-form";
import { applyAnchor, formatPay } from "../components/jobs";
import { island } from "../islands/island";
import { formatDate, PageBody, PageHeader, Prose } from "../components/page";
import { useLocale, useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/job";
import { pageContext, pageView } from "../content/page-data.server";
import { firm, officeById } from "../../core/firm";
import { absoluteUrl, organizationId, postalAddress, type JsonLd } from "../../core/seo";

const CareersFormIsland = island("careers-form", CareersForm, "use");

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["job"]);
  const { content, locale, url } = context;
  const office = officeById(content.data.location);
  const posting: JsonLd = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: content.data.h1,
    description: content.html,
    datePosted: content.data.posted,
    validThrough: content.data.validThrough,
    employmentType: content.data.employmentType,
    hiringOrganization: {
      "@type": "Organization",
      "@id": organizationId(url),
      name: firm.name,
      sameAs: absoluteUrl(url, "/"),
    },
    jobLocation: { "@type": "Place", address: postalAddress(office) },
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "USD",
      value: {
        "@type": "QuantitativeValue",
        minValue: content.data.pay.min,
        maxValue: content.data.pay.max,
        unitText: content.data.pay.per,
      },
    },
  };
  return pageView(context, { office: office.label[locale], officeChoice: office.choice }, [posting]);
}
export const meta: Route.MetaFunction = pageMeta;
/** The application form is this page's form. */
export const handle = { consultation: false };

function List({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="mt-8">
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-6 text-[1.0625rem] leading-relaxed">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function Job({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const data = page.content.data;
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.joinOurTeam} />
      <PageBody>
        {/* What an applicant weighs first (pay, place, hours) and the way to apply, before the details. */}
        <dl className="grid gap-4 rounded-2xl border border-navy-100 bg-navy-50 p-6 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-700">{t.ui.pay}</dt>
            <dd className="text-lg font-semibold text-navy-900">{formatPay(data.pay, locale, t)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">{t.ui.department}</dt>
            <dd>{data.department}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">{t.ui.location}</dt>
            <dd>{page.extra.office}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">{t.ui.employmentType}</dt>
            <dd>{t.ui.employmentTypes[data.employmentType]}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">{t.ui.postedOn}</dt>
            <dd>
              <time dateTime={data.posted}>{formatDate(data.posted, locale)}</time>
            </dd>
          </div>
          {data.bilingualRequired && (
            <div className="sm:col-span-2">
              <dt className="text-sm font-semibold text-slate-700">{t.ui.languages}</dt>
              <dd className="font-semibold text-navy-800">{t.ui.bilingualRequired}</dd>
            </div>
          )}
        </dl>
        <p className="mt-6">
          <a href={`#${applyAnchor}`} className="btn-primary w-full justify-center sm:w-auto">
            {t.ui.applyNow}
          </a>
        </p>
        <div className="mt-8">
          <Prose html={page.content.html} />
        </div>
        <List title={t.ui.responsibilities} items={data.responsibilities} />
        <List title={t.ui.requirements} items={data.requirements} />
        <List title={t.ui.benefits} items={data.benefits} />
        <section
          id={applyAnchor}
          aria-labelledby="apply-heading"
          className="mt-12 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8"
        >
          <h2 id="apply-heading" className="mb-6 font-semibold">
            {t.careers.heading}
          </h2>
          <CareersFormIsland job={page.key.split("/").pop() ?? page.key} office={page.extra.officeChoice} />
        </section>
      </PageBody>
    </>
  );
}
