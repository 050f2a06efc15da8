import { firm } from "../../core/firm";

declare global {
  interface Window {
    gtag?: (command: "event", name: string, params: Record<string, string>) => void;
  }
}

/** Sends an analytics event; a no-op when no analytics id is configured or the script is absent. */
export function trackEvent(name: string, params: { category: string; label: string }): void {
  if (!firm.analyticsId || typeof window.gtag !== "function") return;
  window.gtag("event", name, { event_category: params.category, event_label: params.label });
}
