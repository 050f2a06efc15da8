import { useState } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { firm } from "../../core/firm";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

/** The booking calendar is a third-party page: it loads only when the visitor asks for it. */
export default function Schedule() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const [showCalendar, setShowCalendar] = useState(false);
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        <Prose html={page.content.html} />
        <section aria-labelledby="booking-heading" className="mt-10 rounded-2xl border border-navy-100 bg-navy-50 p-6">
          <h2 id="booking-heading" className="text-2xl font-semibold">
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
            <button type="button" className="btn-primary mt-6" onClick={() => setShowCalendar(true)}>
              {t.ui.bookingLoad}
            </button>
          )}
          <p className="mt-4">
            <SmartLink to={firm.bookingUrl} className="font-semibold text-navy-700 underline underline-offset-4">
              {t.ui.bookingDirect}
            </SmartLink>
          </p>
        </section>
        <GeneralInfoNote updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}
