/** Structured log lines. Never pass personal data (names, emails, phones, messages): ids and codes only. */
export function log(event: string, fields: Record<string, string | number | boolean | null | undefined> = {}): void {
  if (process.env.LOG_LEVEL === "silent") return;
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

/**
 * A request the server refused for a security reason (rate limit, size, foreign origin, rejected
 * upload, invalid submission, busy store). Only the route, the status and a reason code: never a
 * value a visitor typed, never an address.
 */
export function securityEvent(
  reason: string,
  fields: { route: string; status: number } & Record<string, string | number | boolean | null | undefined>,
): void {
  log("security", { reason, ...fields });
}
