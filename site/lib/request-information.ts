import { topicParameter } from "../../core/page-topic-parameter";

/** The id of the information-request section that the Request Information buttons lead to. */
export const requestInformationId = "request-information";
/** The id of the shared consultation section that the Free consultation buttons lead to. */
export const consultationSectionId = "consultation-section";

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
  goToSection(section);
}

/** Leads to this page's consultation form, or opens the scheduling page when it has none. */
export function freeConsultation(scheduleHref: string): void {
  const section = document.getElementById(consultationSectionId);
  if (section) goToSection(section);
  else window.location.assign(scheduleHref);
}

/** Scrolls to a form's section and puts the cursor in its first field: the visitor came to type. */
export function goToSection(section: HTMLElement): void {
  section.scrollIntoView({ behavior: "smooth", block: "start" });
  firstVisibleField(section)?.focus({ preventScroll: true });
}

/** Chooses the topic the address carries in the information form, before anything hydrates. */
export function prefillTopic(): void {
  const topic = new URLSearchParams(window.location.search).get(topicParameter);
  const select = document.querySelector<HTMLSelectElement>(`#${requestInformationId} select[name="${topicParameter}"]`);
  if (!topic || !select || ![...select.options].some((option) => option.value === topic)) return;
  select.value = topic;
  // Hydration keeps what the page shows: the option's own attribute agrees with it.
  for (const option of select.options) option.defaultSelected = option.value === topic;
}
