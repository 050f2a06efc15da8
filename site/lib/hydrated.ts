import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and while the prerendered HTML hydrates, true right after. Parts of the page
 * that are not needed for the first paint render (and load their code) only once this is true.
 * The switch is a transition, so React never discards server HTML that is still hydrating
 * (an urgent update there would re-render it on the client and shift the page).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => startTransition(() => setHydrated(true)), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return hydrated;
}
