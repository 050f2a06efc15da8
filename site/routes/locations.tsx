import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { offices, telHref } from "../../core/firm";
import { MapPinIcon, PhoneIcon } from "../components/icons";
import { PageHeader, Prose } from "../components/page";
import { Picture } from "../components/picture";
import { SmartLink } from "../components/smart-link";
import { useLocale, useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

export default function Locations() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-12 lg:py-16">
        <ul className="grid gap-6 md:grid-cols-2">
          {offices.map((office) => (
            <li
              key={office.id}
              id={office.id}
              className="overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm"
            >
              <Picture
                src={office.image}
                alt=""
                width={640}
                height={427}
                sizes="(min-width: 768px) 600px, 100vw"
                className="aspect-[3/2] h-auto w-full object-cover"
              />
              <div className="p-6">
                <h2 className="text-2xl font-semibold">
                  {office.label[locale]}
                  {office.isHQ && (
                    <span className="ml-3 rounded-full bg-gold-100 px-3 py-1 align-middle font-sans text-xs font-semibold uppercase tracking-wider text-navy-950">
                      {t.ui.mainOffice}
                    </span>
                  )}
                </h2>
                <dl className="mt-4 space-y-2 text-[0.95rem]">
                  <div>
                    <dt className="font-semibold">{t.ui.addressLabel}</dt>
                    <dd>
                      {office.street}, {office.locality}, TX {office.postalCode}
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold">{t.ui.phoneLabel}</dt>
                    <dd>
                      <SmartLink
                        to={telHref(office.phone)}
                        className="inline-flex items-center gap-1 text-navy-700 underline underline-offset-4"
                      >
                        <PhoneIcon width={16} height={16} /> {office.phone}
                      </SmartLink>
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold">{t.ui.hoursLabel}</dt>
                    <dd>{t.ui.hours}</dd>
                  </div>
                </dl>
                <SmartLink to={office.mapsUrl} className="btn-secondary mt-5">
                  <MapPinIcon width={18} height={18} /> {t.ui.directions}
                  <span className="sr-only"> {t.ui.opensInNewTab}</span>
                </SmartLink>
              </div>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-14 max-w-3xl">
          <Prose html={page.content.html} />
        </div>
      </div>
    </>
  );
}
