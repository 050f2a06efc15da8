import { firm, offices, telHref } from "../../core/firm";
import { InformationSection } from "../components/information-section";
import { PhoneIcon } from "../components/icons";
import { OfficeCard } from "../components/office-card";
import { PageHeader, Prose } from "../components/page";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/contact";
import { pageContext, pageView } from "../content/page-data.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageView(pageContext(request, ["contact"]), {});
}
export const meta: Route.MetaFunction = pageMeta;
/** The information-request form is this page's form; the shared consultation section would repeat it. */
export const handle = { consultation: false };

export default function Contact({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  return (
    <>
      <PageHeader page={page} />
      {/* Phones: how to reach us, then the form, then the offices and the longer text. From 1024 px
          the form sits on the right, beside the contact details. */}
      <div className="container-page grid gap-8 py-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-12 lg:py-16">
        <div className="card-muted lg:col-start-1 lg:row-start-1">
          <h2 className="font-semibold">{t.ui.reachUs}</h2>
          <p className="mt-1 text-slate-700">{t.ui.reachUsLead}</p>
          <SmartLink
            to={telHref(firm.phone)}
            className="tap-link mt-4 gap-2 text-2xl font-semibold text-navy-800 hover:underline"
          >
            <PhoneIcon /> <span className="nowrap">{firm.phone}</span>
          </SmartLink>
          <p className="mt-1 text-slate-700">
            {t.ui.hoursLabel}: {t.ui.hours}
          </p>
          <p className="mt-1">
            <SmartLink
              to={`mailto:${firm.email}`}
              className="tap-link break-all font-medium text-navy-700 underline underline-offset-4"
            >
              {firm.email}
            </SmartLink>
          </p>
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <InformationSection />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <h2 className="font-semibold">{t.ui.locations}</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {offices.map((office) => (
              <li key={office.id}>
                <OfficeCard office={office} variant="compact" />
              </li>
            ))}
          </ul>
          <div className="mt-10">
            <Prose html={page.content.html} />
          </div>
        </div>
      </div>
    </>
  );
}
