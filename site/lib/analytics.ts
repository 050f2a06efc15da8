/**
 * Google Analytics, only when the firm configured an id (core/firm.ts, rendered into the page as
 * `<meta name="analytics-id">`) and the visitor has not asked not to be tracked: Global Privacy
 * Control (which the privacy policy honours as a California opt-out) or Do Not Track. The script
 * loads after the page is idle, never during the first load.
 */
import { analyticsOrigins } from "../../core/analytics";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

export const analyticsMetaName = "analytics-id";

export interface PrivacySignals {
  globalPrivacyControl?: boolean;
  /** navigator.doNotTrack (or the older window.doNotTrack): "1" or "yes" when set. */
  doNotTrack?: string | null;
}

/** Whether analytics may load: an id is configured and the visitor sent neither privacy signal. */
export function analyticsAllowed(id: string | undefined, signals: PrivacySignals): id is string {
  if (!id || !/^G-[A-Z0-9]+$/.test(id)) return false;
  if (signals.globalPrivacyControl === true) return false;
  return signals.doNotTrack !== "1" && signals.doNotTrack !== "yes";
}

export function analyticsScriptUrl(id: string): string {
  return `${analyticsOrigins.script}/gtag/js?id=${encodeURIComponent(id)}`;
}

function configuredId(): string | undefined {
  const meta = document.querySelector(`meta[name="${analyticsMetaName}"]`);
  return meta?.getAttribute("content") ?? undefined;
}

function browserSignals(): PrivacySignals {
  const legacy: unknown = Reflect.get(window, "doNotTrack");
  return {
    globalPrivacyControl: navigator.globalPrivacyControl,
    doNotTrack: navigator.doNotTrack ?? (typeof legacy === "string" ? legacy : null),
  };
}

/** Loads the analytics script once, if allowed; returns whether analytics is on. */
export function loadAnalytics(): boolean {
  if (window.gtag) return true;
  const id = configuredId();
  if (!analyticsAllowed(id, browserSignals())) return false;
  const dataLayer = (window.dataLayer ??= []);
  window.gtag = function gtag() {
    // gtag.js reads each command as an `arguments` object, not as an array.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", id);
  const script = document.createElement("script");
  script.async = true;
  script.src = analyticsScriptUrl(id);
  document.head.append(script);
  return true;
}

/** Sends an event (loading analytics first if it has not loaded yet); nothing when analytics is off. */
export function trackEvent(name: string, params: { category: string; label: string }): void {
  if (!loadAnalytics()) return;
  window.gtag?.("event", name, { event_category: params.category, event_label: params.label });
}
