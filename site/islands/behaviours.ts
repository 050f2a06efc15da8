import { isLocale } from "../../core/locales";
import { rememberLanguage } from "../lib/preferences";
import { requestInformation } from "../lib/request-information";

/** Attributes the prerendered HTML uses to ask for these behaviours. */
export const behaviour = {
  /** A button that leads to the request-information section; its value is the contact fallback. */
  requestInformation: "data-request-information",
  /** A link to the same page in the other language; choosing it stores the preference. */
  languageSwitch: "data-language-switch",
  /** The loading placeholder, shown while the next page loads. */
  loading: "data-loading-placeholder",
} as const;

function isPageNavigation(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  if (anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return false;
  // A link within the same page only scrolls.
  return anchor.pathname !== window.location.pathname || anchor.search !== window.location.search;
}

/**
 * One listener on the document serves every page: the prerendered buttons and links work before
 * (and without) any React code.
 */
export function wirePageBehaviours(): void {
  const placeholder = document.querySelector<HTMLElement>(`[${behaviour.loading}]`);
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest<HTMLElement>(`[${behaviour.requestInformation}]`);
    if (button) {
      event.preventDefault();
      requestInformation(button.getAttribute(behaviour.requestInformation) ?? "/");
      return;
    }
    const anchor = event.target.closest("a");
    if (!anchor) return;
    const language = anchor.getAttribute("hreflang");
    if (anchor.hasAttribute(behaviour.languageSwitch) && isLocale(language)) rememberLanguage(language);
    // Every page loads on demand: while the next one loads, say so. React's own handlers run
    // before this listener, so a link that something else took over is left alone.
    if (placeholder && isPageNavigation(event, anchor)) placeholder.hidden = false;
  });
  // Back and forward restore a page from the cache as it was left: without the placeholder.
  window.addEventListener("pageshow", () => {
    if (placeholder) placeholder.hidden = true;
  });
}
