import { createContext, useContext } from "react";
import type { IslandMessages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { pathOf, type PageKey } from "../../core/routes";

/**
 * What the page's JSON block (`#site-data`) tells its islands: the page's language, its path and
 * the other languages' invitations. The dictionary is not in it: the islands' code fetches its language's dictionary once (a
 * cached file, site/islands/dictionaries.ts), so each page's HTML stays small enough to arrive in
 * the first round trip.
 */
export interface PageData {
  locale: Locale;
  pathname: string;
  /** Each other language's invitation (the switch, the offer), in that language's words. */
  invitations: IslandMessages["invitations"];
}

/**
 * What every component may know about the page it renders in: its language, its path and the
 * interface strings of that language. The prerender provides it around the whole page; in the
 * browser each hydrated island gets the same values (the page's data and its language's
 * dictionary), so server and client render the same markup without a router.
 */
export interface SiteData {
  locale: Locale;
  pathname: string;
  messages: IslandMessages;
}

const SiteContext = createContext<SiteData | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("SiteProvider is missing around this component");
  return site;
}

export function useLocale(): Locale {
  return useSite().locale;
}

export function usePathname(): string {
  return useSite().pathname;
}

/**
 * The interface strings of the current page's language that any component, island or not, may
 * read. A prerendered-only component that needs a page section (fees, at a glance, meta) reads
 * `messages(locale)` from core/i18n instead: the compiler keeps those sections out of the islands.
 */
export function useMessages(): IslandMessages {
  return useSite().messages;
}

/** The path of a route-map page in the current language. */
export function usePath(): (key: PageKey) => string {
  const locale = useLocale();
  return (key: PageKey) => pathOf(key, locale);
}
