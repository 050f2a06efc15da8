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
  /** Shown once the page is scrolled past the threshold (the Info and scroll-to-top buttons). */
  afterScroll: "data-after-scroll",
  /** Scrolls back to the top. */
  scrollTop: "data-scroll-top",
  /** The chat button, shown a few seconds after load. */
  chat: "data-chat",
  /** A visual label shown while its button is hovered or focused. */
  tooltip: "data-tooltip",
  /** The exit-intent dialog. */
  exitIntent: "data-exit-intent",
  /** Closes the dialog it is in. */
  closeDialog: "data-close-dialog",
  /** The offer of the page in the other language; its value is the page's language. */
  languageOffer: "data-language-offer",
  languageOfferDismiss: "data-language-offer-dismiss",
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
    if (event.target.closest(`[${behaviour.scrollTop}]`)) {
      window.scrollTo({ top: 0, behavior: "smooth" });
      return;
    }
    const closer = event.target.closest(`[${behaviour.closeDialog}]`);
    if (closer) closer.closest("dialog")?.close();
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
