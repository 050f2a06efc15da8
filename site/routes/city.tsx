import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { officeById, telHref, type OfficeId } from "../../core/firm";
import { MapPinIcon, PhoneIcon } from "../components/icons";
import { GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useLocale, useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

export default function City() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const locale = useLocale();
  const office = officeById(page.extra.office as OfficeId);
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.areasWeServe} />
      <PageBody
        aside={
          <div className="rounded-xl border border-navy-100 p-6">
            <h2 className="font-sans text-sm font-semibold uppercase tracking-[0.14em] text-slate-700">
              {t.ui.nearestOffice}
            </h2>
            <p className="mt-2 font-serif text-xl font-semibold text-navy-900">{office.label[locale]}</p>
            <address className="mt-2 text-[0.95rem] not-italic">
              {office.street}
              <br />
              {office.locality}, TX {office.postalCode}
            </address>
            <p className="mt-2 text-sm text-slate-700">{t.ui.hours}</p>
            <div className="mt-4 flex flex-col gap-2">
              <SmartLink to={telHref(office.phone)} className="btn-primary justify-center">
                <PhoneIcon width={18} height={18} /> {office.phone}
              </SmartLink>
              <SmartLink to={office.mapsUrl} className="btn-secondary justify-center">
                <MapPinIcon width={18} height={18} /> {t.ui.directions}
                <span className="sr-only"> {t.ui.opensInNewTab}</span>
              </SmartLink>
            </div>
          </div>
        }
      >
        <Prose html={page.content.html} />
        <RelatedLinks items={page.extra.related} title={t.ui.relatedPages} />
        <GeneralInfoNote updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}
