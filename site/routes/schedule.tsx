import { useState } from "react";
import { firm, telHref } from "../../core/firm";
import { CalendarIcon } from "../components/icons";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/schedule";
import { pageContext, pageView } from "../content/page-data.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageView(pageContext(request, ["schedule"]), {});
}
export const meta: Route.MetaFunction = pageMeta;

/** The booking calendar is a third-party page: it loads only when the visitor asks for it. */
export default function Schedule({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const [showCalendar, setShowCalendar] = useState(false);
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        {/* The calendar is what the visitor came for: it comes before the explanations. */}
        <section aria-labelledby="booking-heading" className="card-muted border-t-4 border-t-gold-400">
          <h2 id="booking-heading" className="font-semibold">
            {t.ui.bookingTitle}
          </h2>
          <p className="mt-2 text-slate-700">{t.ui.bookingNotice}</p>
          {showCalendar ? (
            <iframe
              src={firm.bookingUrl}
              title={t.ui.bookingTitle}
              className="mt-6 h-[720px] w-full rounded-xl border border-navy-100 bg-white"
              loading="lazy"
            />
          ) : (
            <button
              type="button"
              className="btn-primary mt-5 w-full justify-center sm:w-auto"
              onClick={() => setShowCalendar(true)}
            >
              <CalendarIcon width={18} height={18} /> {t.ui.bookingLoad}
            </button>
          )}
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
        <div className="mt-10">
          <Prose html={page.content.html} />
        </div>
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
