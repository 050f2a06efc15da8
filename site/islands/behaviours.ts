import { isLocale } from "../../core/locales";
import { rememberLanguage } from "../lib/preferences";
import {
  consultationSectionId,
  firstVisibleField,
  goToSection,
  requestInformation,
  requestInformationId,
} from "../lib/request-information";

/** Attributes the prerendered HTML uses to ask for these behaviours. */
export const behaviour = {
  /**
   * The primary action, "Free consultation": a link to the scheduling page that, on a page with
   * the consultation section, leads to that section's form instead.
   */
  freeConsultation: "data-free-consultation",
  /** A button that leads to the request-information section; its value is the contact fallback. */
  requestInformation: "data-request-information",
  /** A link to the same page in another language; choosing it stores the preference. */
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
  /** The offer of the page in another language; its value is the page's language. */
  languageOffer: "data-language-offer",
  languageOfferDismiss: "data-language-offer-dismiss",
  /** The quick exit on survivors' pages; its value is the neutral site that replaces the page. */
  quickExit: "data-quick-exit",
  /** The neutral site the quick exit opens in a new tab. */
  quickExitNewTab: "data-quick-exit-new-tab",
  /** A link to a survivor page: following it leaves this page at its top for a later Back. */
  toSurvivorPage: "data-to-survivor-page",
  /** The quick-exit strip; its value lists the survivor pages' paths, separated by spaces. */
  quickExitStrip: "data-quick-exit-strip",
  /** Marks the floating dock and the language offer, which step aside while a form is in use. */
  dock: "data-dock",
  /**
   * A link to the booking calendar's own page; its value is the id of the template holding the
   * calendar's frame, which a plain click shows in place of the link.
   */
  bookingCalendar: "data-booking-calendar",
} as const;

/** A click the page may take over: the main button, no key held (those ask for a new tab or window). */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

function isPageNavigation(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (!isPlainClick(event)) return false;
  if (anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return false;
  // A link within the same page only scrolls.
  return anchor.pathname !== window.location.pathname || anchor.search !== window.location.search;
}

/** The element id a `#fragment` names; a malformed escape (a stray `%`) is read as typed. */
export function hashId(hash: string): string {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A link to a place in a page (#section) moves focus there, not only the scroll position, so
 * keyboard and screen reader users continue from it. The request-information section hands focus
 * to its first visible field: the visitor came to type.
 */
export function focusHashTarget(): void {
  const id = hashId(window.location.hash);
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  const field = id === requestInformationId || id === consultationSectionId ? firstVisibleField(target) : undefined;
  if (field) return field.focus({ preventScroll: true });
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * Shows the booking calendar where its link was: the frame comes from the page's inert template,
 * so the third-party page loads only now, and focus moves into it. False when the page has no
 * such template, and the link then opens the calendar's own page.
 */
export function showBookingCalendar(link: HTMLElement): boolean {
  const template = document.getElementById(link.getAttribute(behaviour.bookingCalendar) ?? "");
  const frame = template instanceof HTMLTemplateElement ? template.content.querySelector("iframe") : null;
  if (!frame) return false;
  const shown = document.importNode(frame, true);
  link.replaceWith(shown);
  shown.focus();
  return true;
}

/**
 * One listener on the document serves every page: the prerendered buttons and links work before
 * (and without) any React code.
 */
export function wirePageBehaviours(): void {
  const placeholder = document.querySelector<HTMLElement>(`[${behaviour.loading}]`);
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    const consultation = event.target.closest<HTMLElement>(`[${behaviour.freeConsultation}]`);
    const section = consultation ? document.getElementById(consultationSectionId) : null;
    if (section) {
      event.preventDefault();
      goToSection(section);
      return;
    }
    const booking = event.target.closest<HTMLElement>(`[${behaviour.bookingCalendar}]`);
    if (booking && isPlainClick(event) && showBookingCalendar(booking)) {
      event.preventDefault();
      return;
    }
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
  // Each page is a full load, so focus starts at the top of the new page; arriving at #section
  // (from another page or within this one) puts it at that section.
  // The browser applies the #target itself once the page has loaded, and clears focus when the
  // target cannot take it: focus after that, in the next frame.
  const afterLoad = () => requestAnimationFrame(() => requestAnimationFrame(focusHashTarget));
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
  window.addEventListener("hashchange", focusHashTarget);
  // Back and forward restore a page from the cache as it was left: without the placeholder.
  window.addEventListener("pageshow", () => {
    if (placeholder) placeholder.hidden = true;
  });
}
