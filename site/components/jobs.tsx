import { localeConfig, type Locale } from "../../core/locales";
import { Typeset } from "./typeset";
import type { IslandMessages } from "../../core/i18n";
import { useLocale, useMessages } from "../lib/locale";
import type { JobCard, Pay } from "../lib/page-types";
import { SmartLink } from "./smart-link";

/** Where a job page's application form starts: the Apply buttons lead there. */
export const applyAnchor = "apply";

/** "$42,000–$52,000 a year" / "$42,000–$52,000 al año", in whole dollars. */
export function formatPay(pay: Pay, locale: Locale, t: IslandMessages): string {
  const dollars = new Intl.NumberFormat(localeConfig[locale].intl, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  // An en dash in both languages (Intl gives Spanish a hyphen).
  const range = pay.min === pay.max ? dollars.format(pay.min) : `${dollars.format(pay.min)}–${dollars.format(pay.max)}`;
  return `${range} ${t.ui.payPer[pay.per]}`;
}

/** The open positions, each with where, how and for how much, and a button straight to its form. */
export function JobCards({ jobs }: { jobs: JobCard[] }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {jobs.map((job) => (
        <li key={job.key} className="card flex flex-col border-t-4 border-t-gold-400">
          <h3 className="font-semibold">
            <SmartLink to={job.path} className="hover:underline">
              <Typeset text={job.title} />
            </SmartLink>
          </h3>
          <p className="mt-1 text-[0.95rem] text-slate-700">
            {job.office} · {t.ui.employmentTypes[job.employmentType]}
          </p>
          <p className="mt-1 font-semibold text-navy-900">{formatPay(job.pay, locale, t)}</p>
          <p className="mt-3 mb-5 flex-1 text-[0.95rem] text-slate-700">
            <Typeset text={job.summary ?? ""} />
          </p>
          <SmartLink to={`${job.path}#${applyAnchor}`} className="btn-primary self-start">
            {t.ui.applyNow}
            <span className="sr-only">: {job.title}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
