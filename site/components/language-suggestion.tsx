import type { Locale } from "../../core/locales";
import { counterpartPath } from "../../core/routes";
import { useLocale, usePathname } from "../lib/locale";
import { behaviour } from "../islands/behaviours";
import { stepAsideClass } from "./floating";
import { CloseIcon } from "./icons";
import { SmartLink } from "./smart-link";

/** The offer of one other language, written in it; its dismiss label too. */
export interface Suggestion {
  target: Locale;
  text: string;
  action: string;
  dismiss: string;
}

/**
 * The path decides the language; a stored preference or the browser language that differs only
 * offers the other version of the same page. Prerendered hidden; the page's own script shows it
 * when the visitor's preference calls for it (site/islands/language-offer.ts). It floats over the
 * page, so appearing never moves the content: below 768 px just above the dock's row (which
 * spans the width there), beside it on wider screens; like the dock it steps aside while a form
 * is in use.
 */
export function LanguageSuggestion({ suggestion }: { suggestion: Suggestion }) {
  const locale = useLocale();
  const pathname = usePathname();
  const { target } = suggestion;
  return (
    <div
      hidden
      {...{ [behaviour.languageOffer]: locale, [behaviour.dock]: "" }}
      lang={target}
      className={`fixed bottom-[4.25rem] left-3 right-3 z-40 rounded-xl bg-gold-100 text-navy-950 shadow-lg ring-1 ring-gold-400 sm:bottom-[4.75rem] sm:left-4 sm:right-auto sm:max-w-md md:bottom-4 ${stepAsideClass}`}
      role="region"
      aria-label={suggestion.action}
    >
      <div className="flex items-center gap-2 py-1 pl-4 pr-1 text-sm">
        {/* One row on a phone: the text wraps beside the dismiss button instead of pushing it below. */}
        <p className="min-w-0 flex-1 py-1.5">
          {suggestion.text}{" "}
          <SmartLink
            to={counterpartPath(pathname, target)}
            hrefLang={target}
            {...{ [behaviour.languageSwitch]: "" }}
            className="whitespace-nowrap font-semibold underline underline-offset-4"
          >
            {suggestion.action}
          </SmartLink>
        </p>
        <button
          type="button"
          {...{ [behaviour.languageOfferDismiss]: "" }}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-white/60"
          aria-label={suggestion.dismiss}
        >
          <CloseIcon width={18} height={18} />
        </button>
      </div>
    </div>
  );
}
