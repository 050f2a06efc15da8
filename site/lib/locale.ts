import { useLocation, useRouteLoaderData } from "react-router";
import type { Messages } from "../../core/i18n";
import { localeFromPath, type Locale } from "../../core/locales";
import { pathOf } from "../../core/routes";
import type { RootData } from "../root";

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("The root data (interface strings) is missing");
  return data;
}

/** The interface strings of the current page's language. */
export function useMessages(): Messages {
  return useRootData().messages;
}

/** The path of a route-map page in the current language. */
export function usePath(): (key: string) => string {
  const locale = useLocale();
  return (key: string) => pathOf(key, locale);
}
