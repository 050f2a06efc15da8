import { firm, telHref } from "../../core/firm";
import ConsultationSection from "../components/consultation-section";
import { CalendarIcon } from "../components/icons";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { behaviour } from "../islands/behaviours";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/schedule";
import { pageContext, pageView } from "../content/page-data.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageView(pageContext(request, ["schedule"]), {});
}
export const meta: Route.MetaFunction = pageMeta;
/** The consultation form follows the calendar here, before the explanations, not at the page's end. */
export const handle = { consultation: false };

const bookingFrameId = "booking-frame";

/**
 * The booking calendar is a third-party page: it loads only when the visitor asks for it. The
 * button is a link to that page, so it works before and without any script; the page's own script
 * (site/islands/behaviours.ts) shows the calendar in place instead, from the inert template.
 */
export default function Schedule({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page pt-10 pb-12 lg:pt-16">
        {/* The calendar is what the visitor came for: it comes before the explanations. */}
        <section
          aria-labelledby="booking-heading"
          className="card-muted mx-auto max-w-3xl border-t-4 border-t-gold-400"
        >
          <h2 id="booking-heading" className="font-semibold">
            {t.ui.bookingTitle}
          </h2>
          <p className="mt-2 text-slate-700">{t.ui.bookingNotice}</p>
          {/* Not a SmartLink: without script this opens the calendar in this tab, as its name says. */}
          <a
            href={firm.bookingUrl}
            {...{ [behaviour.bookingCalendar]: bookingFrameId }}
            className="btn-primary mt-5 w-full justify-center sm:w-auto"
          >
            <CalendarIcon width={18} height={18} /> {t.ui.bookingLoad}
          </a>
          <template id={bookingFrameId}>
            <iframe
              src={firm.bookingUrl}
              title={t.ui.bookingTitle}
              className="mt-6 h-[min(720px,85vh)] w-full rounded-xl border border-navy-100 bg-white"
            />
          </template>
          <p className="mt-3">
            <SmartLink
              to={firm.bookingUrl}
              className="tap-link font-semibold text-navy-700 underline underline-offset-4"
            >
              {t.ui.bookingDirect}
            </SmartLink>
          </p>
          <p className="mt-3 border-t border-navy-100 pt-3 text-slate-700">
            {t.ui.callUs}:{" "}
            <SmartLink
              to={telHref(firm.phone)}
              className="tap-link font-semibold text-navy-800 underline underline-offset-4"
            >
              <span className="nowrap">{firm.phone}</span>
            </SmartLink>
          </p>
        </section>
      </div>
      {/* Right under the calendar, on a phone too: a visitor who would rather be called asks here. */}
      <ConsultationSection />
      <PageBody>
        <Prose html={page.content.html} />
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
