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

/**
 * The forms' answer to "Is someone detained, or is there an immigration court hearing soon?": either
 * makes the lead urgent (core/form-fields.ts `isUrgent`). No answer is "no".
 */
export const leadUrgencies = ["detained", "hearing"] as const;
export type LeadUrgency = (typeof leadUrgencies)[number];

/**
 * Tokens the browser sends instead of a captcha token when the captcha script is blocked or
 * fails: the lead still goes through, flagged, because an ad blocker must not cost a client.
 */
export const captchaPlaceholder = { unavailable: "RECAPTCHA_UNAVAILABLE", error: "RECAPTCHA_ERROR" } as const;
export const captchaPlaceholders = Object.values(captchaPlaceholder);

/** The action each form asks the captcha for; the server holds a token issued for another one. */
export const captchaActions = {
  "consultation-lead": "consultation_request",
  "information-request": "information_request",
  application: "job_application",
} as const satisfies Record<LeadSource | "application", string>;

export const limits = {
  nameMax: 120,
  emailMax: 254,
  phoneMax: 40,
  messageMax: 5000,
  safeContactMax: 300,
  coverLetterMax: 10000,
  resumeBytes: 5 * 1024 * 1024,
  /** A file name's length in characters: what common file systems allow, far below a slow match. */
  resumeNameMax: 255,
} as const;

export const resumeTypes: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
export type ResumeExtension = "pdf" | "doc" | "docx";

/** The resume's kind by its name, if it is one the firm accepts. */
export function resumeExtension(name: string): ResumeExtension | undefined {
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  return extension === "pdf" || extension === "doc" || extension === "docx" ? extension : undefined;
}

/**
 * The resume rule the browser checks before sending and the server checks again on arrival
 * (the server also reads the bytes): which validation message applies, if any.
 */
export function resumeProblem(file: {
  name: string;
  size: number;
}): "resumeName" | "resumeType" | "resumeSize" | undefined {
  if (file.name.length > limits.resumeNameMax) return "resumeName";
  if (!resumeExtension(file.name)) return "resumeType";
  if (file.size > limits.resumeBytes) return "resumeSize";
  return undefined;
}

/** Spaces, dots, dashes and underscores: never the first or last character of a stored name. */
const isEdge = (char: string) => /[\s._-]/.test(char);

/**
 * A file name safe to store, list and attach: no folders, no controls or quotes, letters,
 * digits, spaces, dots, dashes and underscores only, at most 100 characters, ending in the
 * extension its content was recognised as. The name is cut to its length bound before anything
 * else, and the edges are trimmed by walking them, not by a pattern anchored at the end.
 */
export function safeResumeName(name: string, extension: ResumeExtension): string {
  const bounded = name.slice(-limits.resumeNameMax);
  const file = bounded.slice(Math.max(bounded.lastIndexOf("/"), bounded.lastIndexOf("\\")) + 1).normalize("NFC");
  const dot = file.lastIndexOf(".");
  const cleaned = (dot === -1 ? file : file.slice(0, dot)).replace(/[^\p{L}\p{N} ._-]+/gu, "_");
  let start = 0;
  let end = cleaned.length;
  while (start < end && isEdge(cleaned[start]!)) start++;
  while (end > start && isEdge(cleaned[end - 1]!)) end--;
  const base = cleaned.slice(start, end).slice(0, 100);
  return `${base || "resume"}.${extension}`;
}
