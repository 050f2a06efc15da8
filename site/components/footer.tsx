import { attorney } from "../../core/attorneys";
import { firm, offices, telHref } from "../../core/firm";
import { footerFeaturedPractice, footerLegalLinks, footerQuickLinks, navTitle } from "../../core/navigation";
import { useLocale, useMessages, usePath } from "../lib/locale";
import { MapPinIcon, PhoneIcon, SocialIcon } from "./icons";
import { Logo } from "./logo";
import { SmartLink } from "./smart-link";

const networks = ["facebook", "youtube", "instagram", "linkedin"] as const;
const networkNames = { facebook: "Facebook", youtube: "YouTube", instagram: "Instagram", linkedin: "LinkedIn" };
/** Footer links are full 44 px tap targets on phones. */
const linkClass = "tap-link text-navy-100 hover:text-white hover:underline underline-offset-4";
const responsible = attorney(firm.responsibleAttorney);
const principal = offices.find((o) => o.isHQ) ?? offices[0]!;

export default function Footer() {
  const locale = useLocale();
  const t = useMessages();
  const path = usePath();
  // Room at the bottom: the floating dock's row never hides the last lines.
  return (
    <footer className="bg-navy-950 pb-16 text-navy-100 sm:pb-20">
      {/* Phones: brand, then quick links and featured areas side by side, then contact. */}
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4 lg:gap-10 lg:px-6 lg:py-14">
        <div className="col-span-2 lg:col-span-1">
          <Logo inverted />
          <p className="mt-4 text-sm leading-relaxed">{t.ui.footerClaim}</p>
          <SmartLink to={path("schedule")} className="btn-gold mt-5">
            {t.ui.scheduleConsultation}
          </SmartLink>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <p id="footer-quick-links" className="footer-heading">
            {t.ui.quickLinks}
          </p>
          <ul className="text-sm lg:space-y-2">
            {footerQuickLinks.map((item) => (
              <li key={item.key}>
                <SmartLink to={path(item.key)} className={linkClass}>
                  {t.ui[item.label] as string}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-featured">
          <p id="footer-featured" className="footer-heading">
            {t.ui.featuredPractice}
          </p>
          <ul className="text-sm lg:space-y-2">
            {footerFeaturedPractice.map((item) => (
              <li key={item.key}>
                <SmartLink to={path(item.key)} className={linkClass}>
                  {navTitle[locale](item)}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <p className="footer-heading">{t.ui.contactUs}</p>
          <SmartLink
            to={telHref(firm.phone)}
            className="tap-link gap-2 text-lg font-semibold text-white hover:underline"
          >
            <PhoneIcon width={18} height={18} /> <span className="nowrap">{firm.phone}</span>
          </SmartLink>
          <ul className="mt-2 text-sm lg:mt-4 lg:space-y-2">
            {offices.map((office) => (
              <li key={office.id}>
                <SmartLink to={office.mapsUrl} className={`${linkClass} gap-2`}>
                  <MapPinIcon width={16} height={16} className="shrink-0" />
                  <span>
                    {office.label[locale]}
                    <span className="sr-only"> {t.ui.opensInNewTab}</span>
                  </span>
                </SmartLink>
              </li>
            ))}
          </ul>
          <p className="footer-heading mt-6">{t.ui.followUs}</p>
          <ul className="flex gap-2">
            {networks.map((network) => (
              <li key={network}>
                <SmartLink
                  to={firm.social[network]}
                  aria-label={`${networkNames[network]} ${t.ui.opensInNewTab}`}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <SocialIcon network={network} />
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm lg:flex-row lg:items-center lg:justify-between lg:px-6">
          <nav aria-label={t.ui.legal}>
            <ul className="flex flex-wrap gap-x-5 lg:gap-y-2">
              {footerLegalLinks.map((item) => (
                <li key={item.key}>
                  <SmartLink to={path(item.key)} className={linkClass}>
                    {t.ui[item.label] as string}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="text-navy-100 lg:text-right">
            <p>
              © {new Date().getFullYear()} {firm.name}. {t.ui.copyright}
            </p>
            <p className="mt-1">
              {t.ui.agencyCredit}{" "}
              <SmartLink to={firm.agency.url} className={`${linkClass} underline`}>
                {firm.agency.name}
              </SmartLink>
            </p>
          </div>
        </div>
        <p className="mx-auto max-w-7xl px-4 pb-6 text-xs text-navy-100 lg:px-6">
          {t.ui.attorneyAdvertising} {t.ui.responsibleAttorney}: {responsible.name}. {t.ui.principalOffice}:{" "}
          {principal.street}, {principal.locality}, TX {principal.postalCode} ({t.ui.byAppointment}).
        </p>
      </div>
    </footer>
  );
}
