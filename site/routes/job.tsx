import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { CareersForm } from "../components/careers-form";
import { island } from "../islands/island";
import { formatDate, PageBody, PageHeader, Prose } from "../components/page";
import { useLocale, useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

const CareersFormIsland = island("careers-form", CareersForm, "use");

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;
/** The application form is this page's form. */
export const handle = { consultation: false };

type EmploymentType = "FULL_TIME" | "PART_TIME" | "CONTRACTOR" | "INTERN";

function List({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="mt-8">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-6 text-[1.0625rem] leading-relaxed">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function Job() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const locale = useLocale();
  const data = page.content.data as PageView["content"]["data"] & {
    department: string;
    employmentType: EmploymentType;
    bilingualRequired: boolean;
    posted: string;
    responsibilities: string[];
    requirements: string[];
    benefits: string[];
  };
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.joinOurTeam} />
      <PageBody>
        <dl className="grid gap-4 rounded-2xl border border-navy-100 bg-navy-50 p-6 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-700">{t.ui.department}</dt>
            <dd>{data.department}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">{t.ui.location}</dt>
            <dd>{page.extra.office as string}</dd>
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
        <div className="mt-8">
          <Prose html={page.content.html} />
        </div>
        <List title={t.ui.responsibilities} items={data.responsibilities} />
        <List title={t.ui.requirements} items={data.requirements} />
        <List title={t.ui.benefits} items={data.benefits} />
        <section
          aria-labelledby="apply-heading"
          className="mt-12 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8"
        >
          <h2 id="apply-heading" className="mb-6 text-3xl font-semibold">
            {t.careers.heading}
          </h2>
          <CareersFormIsland job={page.key.split("/").pop() ?? page.key} />
        </section>
      </PageBody>
    </>
  );
}
