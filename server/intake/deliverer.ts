import type { Submission } from "./store";

/** One place a lead goes: the inbox email, a signed webhook, a CRM. */
export interface Deliverer {
  name: string;
  kind: "email" | "webhook" | "clio-grow";
  /**
   * Sends one lead. Resolves once the receiver accepted it; throws DeliveryError (or any error,
   * taken as temporary). `webhookId` is the same on every attempt for this lead and destination.
   */
  deliver(submission: Submission, context: { webhookId: string; signal: AbortSignal }): Promise<void>;
}

/** A failed delivery; `permanent` means retrying cannot help (a bad token, a receiver that is gone). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
    /** The receiver asked to wait this long (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Answers that will not change by sending the same request again: a malformed or unprocessable
 * body, a bad or missing credential, a receiver that does not exist (any more). Everything else
 * (408, 409, 425, 429, 5xx, redirects, network errors) is retried.
 */
export const permanentStatuses: readonly number[] = [400, 401, 403, 404, 410, 422];

/** How long a receiver has to answer, far below the outbox lease (which is renewed meanwhile anyway). */
export const httpTimeoutMs = 30_000;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 3_600_000) : undefined;
}

/** POSTs JSON; a 2xx is delivered, anything else a DeliveryError naming the status only. */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body,
      redirect: "manual",
      signal: AbortSignal.any([signal, AbortSignal.timeout(httpTimeoutMs)]),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : "";
    throw new DeliveryError(
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${httpTimeoutMs / 1000} s`
        : `network error${code ? ` ${code}` : ""}`,
    );
  }
  // The receiver's body is not kept: it may echo the lead back, and logs hold no personal data.
  await response.body?.cancel();
  if (response.ok) return;
  const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`.slice(0, 100);
  throw new DeliveryError(
    reason,
    permanentStatuses.includes(response.status),
    retryAfterMs(response.headers.get("retry-after")),
  );
}
