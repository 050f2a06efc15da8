import { firm, telHref } from "../../core/firm";
import { urgentPathKey } from "../../core/urgent-path";
import { useMessages, usePath } from "../lib/locale";
import { ArrowRightIcon, PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * The way to the urgent path, in the header band of the pages a family in a hurry lands on
 * (core/urgent-path.ts says which): in the first screen, above the long read.
 */
export function UrgentPathLink() {
  const t = useMessages();
  const path = usePath();
  return (
    <p className="mt-5 max-w-3xl" data-testid="urgent-path" data-pagefind-ignore="">
      <SmartLink
        to={path(urgentPathKey)}
        className="group inline-flex items-start gap-2 rounded-lg border-2 border-gold-400 px-4 py-3 text-white hover:bg-white/10"
      >
        <span>
          <strong className="font-semibold text-gold-400 underline-offset-4 group-hover:underline">
            {t.urgent.linkTitle}
          </strong>{" "}
          <span className="text-navy-100">{t.urgent.linkLead}</span>
        </span>
        <ArrowRightIcon width={20} height={20} className="mt-0.5 shrink-0 text-gold-400" />
      </SmartLink>
    </p>
  );
}

/**
 * The number to call and when it is answered, from the firm settings (phone and hours), and what
 * happens when no one answers: said plainly, because the firm has no after-hours line.
 */
export function UrgentCall() {
  const t = useMessages();
  return (
    <section aria-labelledby="urgent-call" className="panel-dark mb-10" data-testid="urgent-call">
      <h2 id="urgent-call" className="font-serif text-xl text-white">
        {t.urgent.callTitle}
      </h2>
      <SmartLink
        to={telHref(firm.phone)}
        className="tap-link mt-2 text-2xl font-semibold text-gold-400 hover:underline"
      >
        <PhoneIcon width={22} height={22} /> <span className="nowrap">{firm.phone}</span>
      </SmartLink>
      <p className="mt-3">{t.urgent.answered}</p>
      <p className="mt-2 text-navy-100">{t.urgent.closed}</p>
      <p className="mt-4">
        <a href="#consultation-section" className="btn-gold">
          {t.urgent.sendForm}
        </a>
      </p>
    </section>
  );
}
