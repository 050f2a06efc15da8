import { telHref, type Office } from "../../core/firm";
import { useLocale, useMessages } from "../lib/locale";
import { MapPinIcon, PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * One office, the same way everywhere it appears.
 * - compact: name, address, directions (home and contact lists);
 * - featured: the nearest office with call and directions buttons (city pages);
 * - full: photo, address, phone, hours and directions (locations page).
 */
export function OfficeCard({
  office,
  variant,
  headingLevel = 3,
  eyebrow,
}: {
  office: Office;
  variant: "compact" | "featured" | "full";
  headingLevel?: 2 | 3;
  eyebrow?: string;
}) {
  const t = useMessages();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const address = (
    <address className="not-italic">
      {office.street}
      <br />
      {office.locality}, TX <span className="nowrap">{office.postalCode}</span>
    </address>
  );
  const directions = (className: string) => (
    <SmartLink to={office.mapsUrl} className={className}>
      <MapPinIcon width={18} height={18} className="shrink-0" /> {t.ui.directions}
      <span className="sr-only">
        {" "}
        {office.label[locale]} {t.ui.opensInNewTab}
      </span>
    </SmartLink>
  );
  const mainOffice = office.isHQ && (
    <span className="ml-2 inline-block rounded-full bg-gold-100 px-2.5 py-0.5 align-middle font-sans text-xs font-semibold uppercase tracking-wider text-navy-950">
      {t.ui.mainOffice}
    </span>
  );

  if (variant === "compact")
    return (
      <div className="card flex h-full flex-col">
        <Heading className="font-serif font-semibold text-navy-900">{office.label[locale]}</Heading>
        <div className="mt-2 flex-1 text-sm text-slate-700">{address}</div>
        {directions("tap-link mt-2 text-sm font-semibold text-navy-700 hover:underline lg:mt-3")}
      </div>
    );

  if (variant === "featured")
    return (
      <div className="card border-t-4 border-t-gold-400">
        {eyebrow && <p className="side-label">{eyebrow}</p>}
        <Heading className="mt-1 font-serif font-semibold text-navy-900">{office.label[locale]}</Heading>
        <div className="mt-2 text-[0.95rem]">{address}</div>
        <p className="mt-2 text-sm text-slate-700">{t.ui.hours}</p>
        <div className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
          <SmartLink to={telHref(office.phone)} className="btn-primary justify-center">
            <PhoneIcon width={18} height={18} /> <span className="nowrap">{office.phone}</span>
          </SmartLink>
          {directions("btn-secondary justify-center")}
        </div>
      </div>
    );

  return (
    // No picture: the drawn buildings were not the offices, and a visitor looking for the door
    // should not look for a tower. The address, hours and map link say where it is.
    <div className="h-full overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm">
      <div className="p-5 sm:p-6">
        <Heading className="font-semibold">
          {office.label[locale]}
          {mainOffice}
        </Heading>
        <dl className="mt-4 space-y-3 text-[0.95rem]">
          <div>
            <dt className="side-label">{t.ui.addressLabel}</dt>
            <dd className="mt-0.5">{address}</dd>
          </div>
          <div>
            <dt className="side-label">{t.ui.phoneLabel}</dt>
            <dd>
              <SmartLink
                to={telHref(office.phone)}
                className="tap-link font-semibold text-navy-700 underline underline-offset-4"
              >
                <PhoneIcon width={16} height={16} /> <span className="nowrap">{office.phone}</span>
              </SmartLink>
            </dd>
          </div>
          <div>
            <dt className="side-label">{t.ui.hoursLabel}</dt>
            <dd className="mt-0.5">{t.ui.hours}</dd>
          </div>
        </dl>
        {directions("btn-secondary mt-5")}
      </div>
    </div>
  );
}
