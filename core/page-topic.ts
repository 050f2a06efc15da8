import type { leadTopics } from "./form-options";
import { topicParameter } from "./page-topic-parameter";
import { pageByPath } from "./routes";

type LeadTopic = (typeof leadTopics)[number];

/** Practice-area categories (route-map key prefixes) and the information form's topic for them. */
const categoryTopics: [prefix: string, topic: LeadTopic][] = [
  ["practice-areas/employment-based/e-", "investor"],
  ["practice-areas/employment-based/eb-5", "investor"],
  ["practice-areas/employment-based-green-cards/getting-a-green-card-through-marriage", "family"],
  ["practice-areas/employment-based-green-cards/conditional-permanent-resident", "family"],
  ["practice-areas/employment-based-green-cards", "employment"],
  ["practice-areas/employment-based", "employment"],
  ["practice-areas/family-based", "family"],
  ["practice-areas/citizenship", "citizenship"],
  ["practice-areas/deportation-asylum", "deportation-asylum"],
  ["practice-areas/victims-of-crimes", "victims"],
  ["practice-areas/students-exchange", "students"],
  ["practice-areas/humanitarian", "humanitarian"],
];

/**
 * The information form's topic for a page, when the page is about one: a visitor who asks for
 * information from the H-1B page finds "Work visas" already chosen on the contact page's form.
 */
export function topicOfPath(pathname: string): LeadTopic | undefined {
  const key = pageByPath(pathname)?.page.key;
  return key ? categoryTopics.find(([prefix]) => key.startsWith(prefix))?.[1] : undefined;
}

/** The contact page's information form (`#sectionId`), with the topic of the page `fromPath` when it has one. */
export function contactFormHref(contactPath: string, sectionId: string, fromPath: string): string {
  const topic = topicOfPath(fromPath);
  return `${contactPath}${topic ? `?${topicParameter}=${topic}` : ""}#${sectionId}`;
}
