import { pageByPath } from "./routes";

/**
 * Pages read by survivors of domestic violence, trafficking and other crimes (VAWA, U and T
 * visas, the victims-of-crimes area and the articles on them). They carry a quick exit and never
 * open the exit-intent popup: nothing may stand between a survivor and the door.
 */
export const survivorPageKeys: readonly string[] = [
  "practice-areas/victims-of-crimes",
  "practice-areas/victims-of-crimes/vawa-lawyer",
  "practice-areas/victims-of-crimes/u-visa",
  "practice-areas/victims-of-crimes/t-visa",
  "blog/vawa-green-cards-guide",
  "blog/u-visa-protection-crime-victims",
];

/** A neutral page the quick exit leaves for: a search engine, which says nothing about this site. */
export const quickExitUrl = "https://www.google.com/";

export function isSurvivorPage(pathname: string): boolean {
  const found = pageByPath(pathname);
  return found !== undefined && survivorPageKeys.includes(found.page.key);
}
