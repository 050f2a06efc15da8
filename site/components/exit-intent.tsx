import { firm, telHref } from "../../core/firm";
import { useMessages, usePath } from "../lib/locale";
import { behaviour } from "../islands/behaviours";
import { CheckIcon, CloseIcon, PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * The exit-intent popup: a native modal dialog (focus stays inside, Escape closes), prerendered
 * closed. The page's own script arms it 10 s after load and opens it once per browser session
 * when the pointer leaves through the top of the window (site/islands/exit-intent.ts).
 */
export function ExitIntent() {
  const t = useMessages();
  const path = usePath();
  return (
    <dialog
      {...{ [behaviour.exitIntent]: "" }}
      aria-labelledby="exit-intent-title"
      aria-describedby="exit-intent-claims"
      data-testid="exit-intent"
      className="exit-dialog w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
    >
      <button
        type="button"
        {...{ [behaviour.closeDialog]: "" }}
        className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-navy-50"
        aria-label={t.ui.close}
      >
        <CloseIcon />
      </button>
      <h2 id="exit-intent-title" className="pr-10 font-serif font-semibold text-navy-900">
        {t.ui.exitTitle}
      </h2>
      <ul id="exit-intent-claims" className="mt-5 space-y-3">
        {t.ui.exitClaims.map((claim) => (
          <li key={claim} className="flex items-start gap-3 text-ink">
            <CheckIcon className="mt-0.5 shrink-0 text-green-700" /> {claim}
          </li>
        ))}
      </ul>
      <div className="mt-7 flex flex-col gap-3 sm:flex-row">
        <SmartLink
          to={path("schedule")}
          {...{ [behaviour.closeDialog]: "" }}
          className="btn-gold flex-1 justify-center"
        >
          {t.ui.freeConsultation}
        </SmartLink>
        <SmartLink
          to={telHref(firm.exitPopupPhone)}
          {...{ [behaviour.closeDialog]: "" }}
          aria-describedby="exit-intent-phone-note"
          className="btn-secondary flex-1 flex-col justify-center gap-0 text-center leading-tight"
        >
          <span className="text-sm font-medium">{t.ui.exitCall}</span>
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <PhoneIcon width={16} height={16} /> {firm.exitPopupPhone}
          </span>
        </SmartLink>
      </div>
      <p id="exit-intent-phone-note" className="mt-3 text-sm text-slate-700">
        {t.ui.exitPhoneNote}
      </p>
    </dialog>
  );
}
