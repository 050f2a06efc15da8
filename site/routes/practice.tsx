import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { firm, telHref } from "../../core/firm";
import { GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { PhoneIcon } from "../components/icons";
import { SmartLink } from "../components/smart-link";
import { useMessages, usePath } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

export default function PracticePage() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const path = usePath();
  const forms = (page.content.data.forms as string[] | undefined) ?? [];
  const toc = page.content.headings.filter((h) => h.depth === 2);
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.practiceAreas} />
      <PageBody
        aside={
          <>
            {toc.length > 2 && (
              <nav aria-labelledby="toc-heading" className="rounded-xl border border-navy-100 p-5">
                <h2
                  id="toc-heading"
                  className="mb-3 font-sans text-sm font-semibold uppercase tracking-[0.14em] text-slate-700"
                >
                  {t.ui.onThisPage}
                </h2>
                <ul className="space-y-2 text-sm">
                  {toc.map((h) => (
                    <li key={h.id}>
                      <a href={`#${h.id}`} className="text-navy-700 hover:underline">
                        {h.text}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            {forms.length > 0 && (
              <div className="rounded-xl border border-navy-100 p-5">
                <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-[0.14em] text-slate-700">
                  {t.ui.formsInvolved}
                </h2>
                <ul className="flex flex-wrap gap-2">
                  {forms.map((form) => (
                    <li key={form} className="rounded-full bg-navy-50 px-3 py-1 text-sm font-medium text-navy-800">
                      {form}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="rounded-xl bg-navy-900 p-6 text-white">
              <p className="font-serif text-xl">{t.consultation.heading}</p>
              <SmartLink
                to={telHref(firm.phone)}
                className="mt-4 inline-flex items-center gap-2 text-lg font-semibold text-gold-400 hover:underline"
              >
                <PhoneIcon width={18} height={18} /> {firm.phone}
              </SmartLink>
              <SmartLink to={path("schedule")} className="btn-gold mt-4 w-full justify-center">
                {t.ui.scheduleConsultation}
              </SmartLink>
            </div>
          </>
        }
      >
        <Prose html={page.content.html} />
        <RelatedLinks items={page.extra.related} title={t.ui.relatedPages} />
        <GeneralInfoNote updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}
