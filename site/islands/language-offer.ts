import { isLocale, otherLocale } from "../../core/locales";
import { preferredLanguage, rememberLanguage, sessionFlag, setSessionFlag } from "../lib/preferences";
import { behaviour } from "./behaviours";

const dismissedKey = "lfh-language-suggestion-dismissed";

/**
 * Shows the offer of the other language when the visitor's stored preference, or else the
 * browser's language, differs from the page's, unless it was dismissed in this session.
 * Dismissing stores the page's language as the preference.
 */
export function wireLanguageOffer(): void {
  const offer = document.querySelector<HTMLElement>(`[${behaviour.languageOffer}]`);
  const locale = offer?.getAttribute(behaviour.languageOffer);
  if (!offer || !isLocale(locale)) return;
  const preferred = preferredLanguage();
  if (preferred !== otherLocale(locale) || sessionFlag(dismissedKey)) return;
  offer.hidden = false;
  offer.querySelector(`[${behaviour.languageOfferDismiss}]`)?.addEventListener("click", () => {
    setSessionFlag(dismissedKey);
    rememberLanguage(locale);
    offer.hidden = true;
  });
}
