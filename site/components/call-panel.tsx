import { firm, telHref } from "../../core/firm";
import { useMessages } from "../lib/locale";
import { FreeConsultationLink } from "./actions";
import { PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * The sidebar's call-or-book panel beside a long read (practice pages, articles), from 1024 px.
 * On phones the dock's bar offers the same two actions and the consultation form follows the
 * text, so the panel would only repeat them.
 */
export function CallPanel() {
  const t = useMessages();
  return (
    <div className="panel-dark hidden lg:block" data-pagefind-ignore="">
      <p className="font-serif text-xl">{t.ui.reachUs}</p>
      <SmartLink to={telHref(firm.phone)} className="tap-link mt-3 text-lg font-semibold text-gold-400 hover:underline">
        <PhoneIcon width={18} height={18} /> <span className="nowrap">{firm.phone}</span>
      </SmartLink>
      <FreeConsultationLink className="btn-gold mt-4 w-full justify-center" />
    </div>
  );
}
