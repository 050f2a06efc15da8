import { pageByKey, pageByPath, type PageKey } from "./routes";

/**
 * Pages read by survivors of domestic violence, trafficking and other crimes (VAWA, U and T
 * visas, the victims-of-crimes area, the articles on them and the page on browsing safely). They
 * carry a quick exit, never open the exit-intent popup and offer no chat: nothing may stand
 * between a survivor and the door, or leave a trace on a shared phone.
 */
export const survivorPageKeys: readonly PageKey[] = [
  "practice-areas/victims-of-crimes",
  "practice-areas/victims-of-crimes/vawa-lawyer",
  "practice-areas/victims-of-crimes/u-visa",
  "practice-areas/victims-of-crimes/t-visa",
  "blog/vawa-green-cards-guide",
  "blog/u-visa-protection-crime-victims",
  "browsing-safely",
];

/** The guidance on history, private windows and shared devices that the quick-exit strip links to. */
export const browsingSafelyKey: PageKey = "browsing-safely";

/**
 * Neutral pages the quick exit leaves for, saying nothing about this site: the current tab is
 * replaced by a search engine and a new tab opens on the weather, as domestic-violence services
 * do (someone glancing at the screen sees two ordinary tabs).
 */
export const quickExitUrl = "https://www.google.com/";
export const quickExitNewTabUrl = "https://weather.com/";

export function isSurvivorPage(pathname: string): boolean {
  const found = pageByPath(pathname);
  return found !== undefined && survivorPageKeys.some((key) => key === found.page.key);
}

/** Every path of a survivor page, in both languages: links between them replace history. */
export function survivorPaths(): string[] {
  return survivorPageKeys.flatMap((key) => Object.values(pageByKey(key)?.paths ?? {}));
}
