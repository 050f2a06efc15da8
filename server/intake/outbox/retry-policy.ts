import { DeliveryError } from "../destinations/index";

/**
 * What becomes of one delivery after an attempt, decided from the row, the error and the time
 * alone: sent, tried again at a time, or given up on (a dead letter, which the firm is told of).
 * Nothing here reads or writes the store, so every rule is tested without one.
 */
export type Verdict =
  | { outcome: "sent"; attempts: number }
  | { outcome: "retry"; attempts: number; at: Date; reason: string }
  | { outcome: "dead"; attempts: number; reason: string; permanent: boolean };

export interface RetryRules {
  /** Attempts at one destination before the lead is dead-lettered there. */
  maxAttempts: number;
  /** Draws the jitter (tests pass a fixed one). */
  random?: () => number;
}

/** Exponential backoff, 5 s doubling to one hour, with jitter so retries of many rows spread out. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base / 2 + (random() * base) / 2);
}

/** The attempt `attempts` (counting the one that just ended) is judged: `error` undefined means the receiver took it. */
export function judge(
  row: { attempts: number },
  error: unknown,
  now: Date,
  { maxAttempts, random = Math.random }: RetryRules,
): Verdict {
  const attempts = row.attempts + 1;
  if (error === undefined) return { outcome: "sent", attempts };
  const reason = redactedReason(error);
  const permanent = error instanceof DeliveryError && error.permanent;
  if (permanent || attempts >= maxAttempts) return { outcome: "dead", attempts, reason, permanent };
  const wait = (error instanceof DeliveryError ? error.retryAfterMs : undefined) ?? retryDelayMs(attempts, random);
  return { outcome: "retry", attempts, at: new Date(now.getTime() + wait), reason };
}

const field = (error: object, name: string): unknown => (name in error ? Reflect.get(error, name) : undefined);
const word = (value: unknown, pattern: RegExp) =>
  typeof value === "string" && pattern.test(value) ? value : undefined;

/**
 * Why an attempt failed, in words that carry nothing of the lead. The store keeps it, the staff
 * console and the leads command show it, and a dead letter's notice quotes it; but a receiver's
 * own text can quote what it was sent (a mail server refusing a message often names its subject,
 * which holds the visitor's name), so only what the outbox itself can vouch for is kept: its own
 * DeliveryError wording (an HTTP status, a network error code), an SMTP reply's numeric codes and
 * the command it answered, or a system error's code.
 */
export function redactedReason(error: unknown): string {
  if (error instanceof DeliveryError) return error.message.slice(0, 300);
  if (typeof error !== "object" || error === null) return "failed";
  const reply = field(error, "responseCode");
  if (typeof reply === "number") {
    const response = field(error, "response");
    const enhanced =
      typeof response === "string" ? /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(response)?.[1] : undefined;
    const command = word(field(error, "command"), /^[A-Z]{3,10}$/);
    return `SMTP ${reply}${enhanced ? ` ${enhanced}` : ""}${command ? ` after ${command}` : ""} (reply text withheld)`;
  }
  // A socket's own message ("connect ECONNREFUSED 127.0.0.1:25") names only the address it tried.
  const system = word(field(error, "message"), /^[a-z]{2,20} E[A-Z]{2,20}( [\w.:[\]-]{1,60})?$/);
  if (system) return system;
  const code = word(field(error, "code"), /^[A-Z][A-Z0-9_]{1,30}$/);
  const syscall = word(field(error, "syscall"), /^[a-z]{2,20}$/);
  if (code) return [syscall, code].filter(Boolean).join(" ");
  return `${error instanceof Error ? error.name : "failed"} (message withheld)`;
}
