/** Structured log lines. Never pass personal data (names, emails, phones, messages): ids and codes only. */
export function log(event: string, fields: Record<string, string | number | boolean | null | undefined> = {}): void {
  if (process.env.LOG_LEVEL === "silent") return;
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}
