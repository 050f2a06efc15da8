import { firm } from "./firm";

/**
 * Where Google Analytics loads its script from and sends its measurements to. Pages allow these
 * origins in their Content-Security-Policy only when the firm configured an analytics id.
 */
export const analyticsOrigins = {
  script: "https://www.googletagmanager.com",
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
} as const;

export function analyticsConfigured(): boolean {
  return firm.analyticsId !== "";
}
