import { firm, telHref } from "../../core/firm";
import { useMessages, usePath } from "../lib/locale";
import { PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

/** The sidebar's call-or-book panel beside a long read (practice pages, articles). */
export function CallPanel() {
  const t = useMessages();
  const path = usePath();
  return (
    <div className="panel-dark" data-pagefind-ignore="">
      <p className="font-serif text-xl">{t.consultation.heading}</p>
      <SmartLink to={telHref(firm.phone)} className="tap-link mt-3 text-lg font-semibold text-gold-400 hover:underline">
        <PhoneIcon width={18} height={18} /> <span className="nowrap">{firm.phone}</span>
      </SmartLink>
      <SmartLink to={path("schedule")} className="btn-gold mt-4 w-full justify-center">
        {t.ui.scheduleConsultation}
      </SmartLink>
    </div>
  );
}
