import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False in the prerender and while an island hydrates, true right after. What depends on the
 * browser (the URL's query, stored preferences, timers) renders only then, so the first client
 * render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/** Whether a media query matches, following changes; false in the prerender and while hydrating. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
