import { isLocale } from "../../core/locales";
import { preferredLanguage, rememberLanguage, sessionFlag, setSessionFlag } from "../lib/preferences";
import { behaviour } from "./behaviours";

const dismissedKey = "lfh-language-suggestion-dismissed";

/**
 * Shows the offer of another language when it is the visitor's stored preference, or else the
 * browser's language, unless an offer was dismissed in this session. The page has one offer per
 * other language, each in that language (`lang`). Dismissing stores the page's language as the
 * preference.
 */
export function wireLanguageOffer(): void {
  const offer = document.querySelector<HTMLElement>(`[${behaviour.languageOffer}][lang="${preferredLanguage()}"]`);
  const locale = offer?.getAttribute(behaviour.languageOffer);
  if (!offer || !isLocale(locale) || sessionFlag(dismissedKey)) return;
  offer.hidden = false;
  offer.querySelector(`[${behaviour.languageOfferDismiss}]`)?.addEventListener("click", () => {
    setSessionFlag(dismissedKey);
    rememberLanguage(locale);
    offer.hidden = true;
  });
}
