/** The id of the information-request section that the Request Information buttons lead to. */
export const requestInformationId = "request-information";

/** The first field a visitor can type in (never the hidden honeypot or a hidden input). */
export function firstVisibleField(root: ParentNode): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>("input, textarea, select")].find(
    (field) => !(field instanceof HTMLInputElement && field.type === "hidden") && field.getClientRects().length > 0,
  );
}

/**
 * Scrolls to the page's request-information section and puts the cursor in its first field, or
 * opens the contact page's section when this page has none.
 */
export function requestInformation(contactHref: string): void {
  const section = document.getElementById(requestInformationId);
  if (!section) {
    window.location.assign(contactHref);
    return;
  }
  section.scrollIntoView({ behavior: "smooth", block: "start" });
  firstVisibleField(section)?.focus({ preventScroll: true });
}
