import type { FirmRow } from "../../../core/form-fields";
import { isLocale, type Locale } from "../../../core/locales";
import { postJson, type Deliverer } from "./deliverer";
import { firmSummary, firmText } from "./firm-text";
import type { StoredSubmission } from "../store";

/** Words that belong to the surname that follows them (de la Cruz, Ortega y Gasset, van Dyke). */
const particles = new Set([
  "de",
  "del",
  "la",
  "las",
  "los",
  "y",
  "e",
  "da",
  "das",
  "do",
  "dos",
  "di",
  "van",
  "von",
  "der",
  "le",
]);

/**
 * First and last name for a CRM that wants both. One word: it is the first name and the last is
 * a dash (Clio requires one). A Spanish-language lead with three or more words keeps two surnames
 * (María José García López: María José / García López); otherwise the last word is the surname.
 * Particles go with the surname. The name as typed is also in the message, so nothing is lost.
 */
/** How many surnames a full name usually ends with, by the language its form was filled in. */
const surnames: Record<Locale, number> = { en: 1, es: 2 };

export function splitName(fullName: string, locale: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? "-", last: "-" };
  let start = words.length;
  const takeSurname = () => {
    start -= 1;
    while (start > 1 && particles.has(words[start - 1]!.toLowerCase())) start -= 1;
  };
  takeSurname();
  if (isLocale(locale) && surnames[locale] > 1 && start >= 2) takeSurname();
  return { first: words.slice(0, start).join(" "), last: words.slice(start).join(" ") };
}

/**
 * Everything the firm reads of the lead, as its email shows it (what must be read first at the
 * top, the message last with its lines indented), in the one text field Clio Grow has for it.
 */
function foldedMessage(submission: StoredSubmission): string {
  const resume: FirmRow[] = submission.resume_name
    ? [["Resume", `${submission.resume_name} (in the firm's email)`]]
    : [];
  return firmText(firmSummary(submission, resume).rows);
}

/** The Lead Inbox request body (https://docs.developers.clio.com/guides/clio-grow/lead-inbox-api/). */
export function clioGrowLead(submission: StoredSubmission, token: string, siteUrl: string) {
  const { first, last } = splitName(submission.name, submission.locale);
  return {
    inbox_lead_token: token,
    inbox_lead: {
      from_first: first,
      from_last: last,
      from_email: submission.email,
      from_phone: submission.phone,
      from_message: foldedMessage(submission),
      referring_url: new URL(submission.page || "/", siteUrl).toString(),
      from_source: `${new URL(siteUrl).hostname} ${submission.kind === "application" ? "careers" : "website"} form`,
    },
  };
}

export function clioGrowDeliverer(options: { name: string; url: string; token: string; siteUrl: string }): Deliverer {
  return {
    name: options.name,
    kind: "clio-grow",
    async deliver(submission, { signal }) {
      await postJson(options.url, JSON.stringify(clioGrowLead(submission, options.token, options.siteUrl)), {}, signal);
    },
  };
}
