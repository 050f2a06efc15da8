import type { PageKey } from "./routes";

/** The page for someone detained or with a court hearing within days. */
export const urgentPathKey: PageKey = "someone-detained";

/** The practice area whose pages (removal defense, asylum) visitors in a hurry land on. */
const urgentPracticePrefix = "practice-areas/deportation-asylum";

/**
 * Whether a page leads to the urgent path from its header: the deportation and asylum pages,
 * every city page, and any page whose front matter says it covers detention in Texas. The page
 * itself does not link to itself.
 */
export function showsUrgentPath(page: { key: string; kind: string; topics?: readonly string[] | undefined }): boolean {
  if (page.key === urgentPathKey) return false;
  return (
    page.kind === "city" ||
    page.key === urgentPracticePrefix ||
    page.key.startsWith(`${urgentPracticePrefix}/`) ||
    (page.topics ?? []).includes("detention-texas")
  );
}
