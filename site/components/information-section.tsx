import { requestInformationId } from "../lib/request-information";
import { useMessages } from "../lib/locale";
import { island } from "../islands/island";
import { LeadForm } from "./lead-form";

const LeadFormIsland = island("lead-form", LeadForm, "use");

/** The information-request section that the Request Information buttons lead to. */
export function InformationSection() {
  const t = useMessages();
  return (
    <section
      id={requestInformationId}
      aria-labelledby="information-heading"
      className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8"
    >
      <h2 id="information-heading" className="font-semibold">
        {t.information.heading}
      </h2>
      <p className="mt-2 mb-6 text-slate-700">{t.information.intro}</p>
      <LeadFormIsland source="information-request" idPrefix="information" withTopic />
    </section>
  );
}
