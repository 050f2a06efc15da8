import { isOfficeChoice, officeByChoice } from "../../core/firm";
import { postJson, type Deliverer } from "./deliverer";
import type { Submission } from "./store";

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
export function splitName(fullName: string, locale: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? "-", last: "-" };
  let start = words.length;
  const takeSurname = () => {
    start -= 1;
    while (start > 1 && particles.has(words[start - 1]!.toLowerCase())) start -= 1;
  };
  takeSurname();
  if (locale === "es" && start >= 2) takeSurname();
  return { first: words.slice(0, start).join(" "), last: words.slice(start).join(" ") };
}

const kindLabel = {
  consultation: "Consultation request",
  information: "Information request",
  application: "Job application",
};

/** The fields Clio Grow has no place for, one "Label: value" line each, the message last. */
function foldedMessage(submission: Submission): string {
  const details = JSON.parse(submission.details) as Record<string, unknown>;
  const office = isOfficeChoice(submission.office) ? `${officeByChoice(submission.office).city} office` : "Any office";
  const lines: [string, string][] = [
    ["Kind", kindLabel[submission.kind]],
    ["Name as typed", submission.name],
    ["Office", office],
    ...(submission.topic ? ([["Topic", submission.topic]] as [string, string][]) : []),
    ...(typeof details.job === "string" ? ([["Position", details.job]] as [string, string][]) : []),
    ...(typeof details.linkedin === "string" && details.linkedin
      ? ([["LinkedIn", details.linkedin]] as [string, string][])
      : []),
    ["Language", submission.locale === "es" ? "Spanish" : "English"],
    ["Received", submission.created_at],
    ["Reference", submission.id],
    ...(submission.flags ? ([["Flags", submission.flags]] as [string, string][]) : []),
    ...(submission.resume_name
      ? ([["Resume", `${submission.resume_name} (in the firm's email)`]] as [string, string][])
      : []),
  ];
  const label = submission.kind === "application" ? "Cover letter" : "Message";
  return `${lines.map(([key, value]) => `${key}: ${value.replace(/\s+/g, " ")}`).join("\n")}\n\n${label}:\n${submission.message}`;
}

/** The Lead Inbox request body (https://docs.developers.clio.com/guides/clio-grow/lead-inbox-api/). */
export function clioGrowLead(submission: Submission, token: string, siteUrl: string) {
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
