import { firm, telHref, type OfficeChoice } from "../../core/firm";
import { useMessages } from "../lib/locale";
import { PhoneIcon } from "./icons";
import { island } from "../islands/island";
import { LeadForm } from "./lead-form";
import { Picture } from "./picture";
import { SmartLink } from "./smart-link";

const LeadFormIsland = island("lead-form", LeadForm, "use");

/** The shared consultation section (anchor id consultation-section): image on one side, the form on the other. */
export default function ConsultationSection({
  safeContact = false,
  office,
}: {
  safeContact?: boolean;
  /** The office the form chooses at first (a city page's nearest). */
  office?: OfficeChoice | undefined;
}) {
  const t = useMessages();
  return (
    <section id="consultation-section" aria-labelledby="consultation-heading" className="bg-cream py-16 lg:py-20">
      <div className="container-page grid items-start gap-10 lg:grid-cols-2">
        <div className="hidden overflow-hidden rounded-2xl lg:block">
          <Picture
            src="/images/consultation"
            alt={t.consultation.imageAlt}
            width={640}
            height={427}
            sizes="(min-width: 1024px) 600px, 100vw"
            className="h-auto w-full"
          />
          <div className="bg-navy-900 p-6 text-white">
            <p className="font-serif text-2xl">{t.ui.exitClaims[2]}</p>
            <SmartLink
              to={telHref(firm.phone)}
              className="mt-3 inline-flex items-center gap-2 text-lg font-semibold text-gold-400 hover:underline"
            >
              <PhoneIcon width={18} height={18} /> {firm.phone}
            </SmartLink>
          </div>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8">
          <h2 id="consultation-heading" className="font-semibold">
            {t.consultation.heading}
          </h2>
          <p className="mt-2 text-slate-700">{t.consultation.intro}</p>
          {/* Who will read the request: the credentials a visitor checks before writing to a lawyer. */}
          <ul className="mt-3 mb-6 space-y-1 text-sm font-medium text-navy-800">
            <li>{t.ui.trustBar}</li>
            <li>{t.ui.trustLanguages}</li>
          </ul>
          <LeadFormIsland
            source="consultation-lead"
            idPrefix="consultation"
            safeContact={safeContact}
            {...(office ? { office } : {})}
          />
        </div>
      </div>
    </section>
  );
}
