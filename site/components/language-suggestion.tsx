import { useState } from "react";
import { otherLocale } from "../../core/locales";
import { counterpartPath } from "../../core/routes";
import { useLocale, usePathname } from "../lib/locale";
import { preferredLanguage, rememberLanguage, sessionFlag, setSessionFlag } from "../lib/preferences";
import { CloseIcon } from "./icons";
import { SmartLink } from "./smart-link";

/** The offer is written in the other language; its dismiss label too. */
export interface Suggestion {
  text: string;
  action: string;
  dismiss: string;
}

const dismissedKey = "lfh-language-suggestion-dismissed";

/**
 * The path decides the language; a stored preference or the browser language that differs only
 * offers the other version of the same page. It floats over the page, so appearing after
 * hydration never moves the content.
 */
export function LanguageSuggestion({ suggestion }: { suggestion: Suggestion }) {
  const locale = useLocale();
  const pathname = usePathname();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const preferred = preferredLanguage();
  if (preferred === undefined || preferred === locale || sessionFlag(dismissedKey)) return null;
  const target = otherLocale(locale);
  return (
    <div
      lang={target}
      className="fixed bottom-4 left-4 right-24 z-40 rounded-xl bg-gold-100 text-navy-950 shadow-lg ring-1 ring-gold-400 sm:right-auto sm:max-w-md"
      role="region"
      aria-label={suggestion.action}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 pl-4 pr-2 text-sm">
        <span>{suggestion.text}</span>
        <SmartLink
          to={counterpartPath(pathname, target)}
          hrefLang={target}
          onClick={() => rememberLanguage(target)}
          className="font-semibold underline underline-offset-4"
        >
          {suggestion.action}
        </SmartLink>
        <button
          type="button"
          className="ml-auto inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-white/60"
          aria-label={suggestion.dismiss}
          onClick={() => {
            setSessionFlag(dismissedKey);
            rememberLanguage(locale);
            setDismissed(true);
          }}
        >
          <CloseIcon width={18} height={18} />
        </button>
      </div>
    </div>
  );
}
