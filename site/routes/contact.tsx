import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { firm, offices, telHref } from "../../core/firm";
import { InformationSection } from "../components/information-section";
import { MapPinIcon, PhoneIcon } from "../components/icons";
import { PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useLocale, useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;
/** The information-request form is this page's form; the shared consultation section would repeat it. */
export const handle = { consultation: false };

export default function Contact() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:py-16">
        <div>
          <Prose html={page.content.html} />
          <p className="mt-6">
            <SmartLink
              to={telHref(firm.phone)}
              className="inline-flex items-center gap-2 text-2xl font-semibold text-navy-800 hover:underline"
            >
              <PhoneIcon /> {firm.phone}
            </SmartLink>
          </p>
          <p className="mt-2 text-slate-700">
            {t.ui.hoursLabel}: {t.ui.hours}
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {offices.map((office) => (
              <li key={office.id} className="rounded-xl border border-navy-100 p-5">
                <h2 className="font-serif text-lg font-semibold">{office.label[locale]}</h2>
                <address className="mt-2 text-sm not-italic text-slate-700">
                  {office.street}
                  <br />
                  {office.locality}, TX {office.postalCode}
                </address>
                <SmartLink
                  to={office.mapsUrl}
                  className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-navy-700 hover:underline"
                >
                  <MapPinIcon width={16} height={16} /> {t.ui.directions}
                  <span className="sr-only"> {t.ui.opensInNewTab}</span>
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>
        <InformationSection />
      </div>
    </>
  );
}
