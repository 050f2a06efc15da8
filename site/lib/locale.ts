import { createContext, useContext } from "react";
import type { Messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { pathOf, type PageKey } from "../../core/routes";

/**
 * What every component may know about the page it renders in: its language, its path and the
 * interface strings of that language. The prerender provides it around the whole page; in the
 * browser each hydrated island gets the same values from the page's JSON block, so server and
 * client render the same markup without a router.
 */
export interface SiteData {
  locale: Locale;
  pathname: string;
  messages: Messages;
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

/** The interface strings of the current page's language. */
export function useMessages(): Messages {
  return useSite().messages;
}

/** The path of a route-map page in the current language. */
export function usePath(): (key: PageKey) => string {
  const locale = useLocale();
  return (key: PageKey) => pathOf(key, locale);
}
