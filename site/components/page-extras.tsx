import { lazy, Suspense } from "react";
import { useHydrated } from "../lib/hydrated";
import { LanguageSuggestion, type Suggestion } from "./language-suggestion";
import { ToastHost } from "./toast-host";

const FloatingActions = lazy(() => import("./floating"));
const ExitIntent = lazy(() => import("./exit-intent"));

/**
 * What floats over every page: the language offer, the floating buttons, the exit-intent popup
 * and toasts. None of it is in the first paint, so none of it can shift the page.
 */
export function PageExtras({ suggestion, exitIntent }: { suggestion: Suggestion; exitIntent: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <LanguageSuggestion suggestion={suggestion} />
      <Suspense fallback={null}>
        <FloatingActions />
        {exitIntent && <ExitIntent />}
      </Suspense>
      <ToastHost />
    </>
  );
}
