/**
 * What the forms offer and accept, without the validation library: the browser loads these with
 * the page and the schemas (core/forms.ts) only when a form is submitted.
 */
export const leadSources = ["consultation-lead", "information-request"] as const;
export type LeadSource = (typeof leadSources)[number];

/** Practice topics a visitor can pick on the information-request form. */
export const leadTopics = [
  "family",
  "employment",
  "investor",
  "citizenship",
  "deportation-asylum",
  "victims",
  "students",
  "humanitarian",
  "other",
] as const;
export type LeadTopic = (typeof leadTopics)[number];

/** Captcha placeholder tokens the browser sends when the captcha is blocked or fails: the server then accepts the request without a captcha score. */
export const captchaPlaceholders = ["RECAPTCHA_UNAVAILABLE", "RECAPTCHA_ERROR"] as const;

export const limits = {
  nameMax: 120,
  emailMax: 254,
  phoneMax: 40,
  messageMax: 5000,
  coverLetterMax: 10000,
  resumeBytes: 5 * 1024 * 1024,
} as const;

export const resumeTypes: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
