import { isAccepted, type FieldErrors, type IntakeAccepted } from "../../core/form-fields";
import { apiPaths } from "../../core/site-paths";

/** A request is aborted after 12000 ms; the whole send, retries included, gives up after 15000 ms. */
export const requestAbortMs = 12_000;
export const requestRaceMs = 15_000;
/** A busy store (503) is retried after its Retry-After, at most this many times, within the race. */
export const busyRetries = 2;
const maxRetryWaitMs = 4_000;

/**
 * The intake turned the request away through no fault of what was typed (too many requests, a
 * busy store, too large, a server error): `said` is the intake's own sentence in the page's
 * language when it sent one, `retryAfterMs` its Retry-After when waiting helps.
 */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly said: string,
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The server could not store the request just now; the visitor is told to try again shortly. */
export class BusyError extends Refused {
  constructor(said = "", retryAfterMs = 5_000) {
    super(503, said, retryAfterMs);
  }
}

function refusalOf(response: Response, answer: unknown): Refused {
  const message =
    typeof answer === "object" && answer !== null && "error" in answer && typeof answer.error === "string"
      ? answer.error
      : "";
  const seconds = Number(response.headers.get("Retry-After"));
  const wait = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
  return response.status === 503 ? new BusyError(message, wait) : new Refused(response.status, message, wait);
}

/**
 * The server refused some fields (400 with a message per field, in the page's language), for
 * example a resume whose bytes are not the document its name says: the form shows each message on
 * its field, as it does its own checks, rather than a "try again" that would fail again.
 */
export class FieldsRejected extends Error {
  constructor(readonly errors: FieldErrors) {
    super("HTTP 400");
  }
}

function fieldErrorsIn(answer: unknown): FieldErrors | undefined {
  if (typeof answer !== "object" || answer === null || !("errors" in answer)) return undefined;
  const { errors } = answer;
  if (typeof errors !== "object" || errors === null) return undefined;
  const found: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) if (typeof message === "string") found[field] = message;
  return Object.keys(found).length > 0 ? found : undefined;
}

function retryWaitMs(response: Response): number {
  const seconds = Number(response.headers.get("Retry-After"));
  return Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, maxRetryWaitMs);
}

/** Where the intake API lives: same origin by default, or VITE_API_ORIGIN for a static host. */
export function apiUrl(path: string): string {
  const origin = import.meta.env.VITE_API_ORIGIN ?? "";
  return `${origin.replace(/\/+$/, "")}${path}`;
}

/** Waits, or rejects with the signal's reason once it aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      window.clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error("timeout"));
    };
    const timer = window.setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Posts a body and resolves with the intake's acceptance on a 2xx answer. Any failure rejects:
 * network, HTTP status or timeout (a `TimeoutError`); field errors as FieldsRejected. A 503 (the server's store is busy for a
 * moment) is sent again after the server's Retry-After, twice at most and within the same time
 * budget; if it is still busy the promise rejects with BusyError, so the form can say "try again
 * in a few seconds".
 */
export async function postForm(
  path: keyof typeof apiPaths,
  body: Record<string, unknown> | FormData,
): Promise<IntakeAccepted> {
  // The requests' own limit, and the deadline of the whole send, waits between attempts included.
  // Two plain timeouts rather than one combined signal: AbortSignal.any is newer than the
  // browsers the site supports (see docs/decisions).
  const requestSignal = AbortSignal.timeout(requestAbortMs);
  const deadline = AbortSignal.timeout(requestRaceMs);
  const isJson = !(body instanceof FormData);
  for (let attempt = 0; ; attempt++) {
    deadline.throwIfAborted();
    const response = await fetch(apiUrl(apiPaths[path]), {
      method: "POST",
      headers: {
        ...(isJson ? { "Content-Type": "application/json" } : {}),
        Accept: "application/json",
        // An answer given before the body is read (too many, busy) comes in the page's language.
        ...(typeof document === "undefined" ? {} : { "Accept-Language": document.documentElement.lang }),
      },
      body: isJson ? JSON.stringify(body) : body,
      signal: requestSignal,
    });
    const answer: unknown = await response.json().catch(() => ({}));
    if (response.status === 503) {
      if (attempt >= busyRetries) throw refusalOf(response, answer);
      await pause(retryWaitMs(response), deadline);
      continue;
    }
    const rejected = response.status === 400 ? fieldErrorsIn(answer) : undefined;
    if (rejected) throw new FieldsRejected(rejected);
    if (!response.ok) throw refusalOf(response, answer);
    if (!isAccepted(answer)) throw new Error(`HTTP ${response.status}`);
    return answer;
  }
}
