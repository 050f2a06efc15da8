import { captchaActions, type LeadSource } from "../../core/form-options";
import type { Locale } from "../../core/locales";
import { trackEvent } from "./analytics";
import { captchaToken } from "./captcha";
import { postForm } from "./submit";

/**
 * Validates and sends a consultation or information request. Loaded on the first submit, with
 * the validation library, so the page's first load stays small.
 */
export async function validateLead(body: Record<string, unknown>, locale: Locale) {
  const { leadSchema, validate } = await import("../../core/forms");
  return validate(leadSchema(locale), body);
}

export async function sendLead(
  body: Record<string, unknown>,
  locale: Locale,
  source: LeadSource,
  page: string,
): Promise<string | undefined> {
  const recaptchaToken = await captchaToken(captchaActions[source]);
  const answer = await postForm("leads", { ...body, recaptchaToken, locale, source, page });
  if (source === "consultation-lead") trackEvent("consultation_form_submit", { category: "lead", label: locale });
  // The short reference people read aloud (`LFH-7K3Q-9X`), not the 36-character id.
  return answer.reference;
}
