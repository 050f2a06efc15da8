import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { StoredSubmission } from "../store";

/** One place a lead goes: the inbox email, a signed webhook, a CRM. */
export interface Deliverer {
  name: string;
  kind: "email" | "webhook" | "clio-grow";
  /** Deliveries to this destination under way at once (the outbox has a default). */
  parallel?: number;
  /**
   * Sends one lead. Resolves once the receiver accepted it; throws DeliveryError (or any error,
   * taken as temporary). `webhookId` is the same on every attempt for this lead and destination.
   */
  deliver(submission: StoredSubmission, context: { webhookId: string; signal: AbortSignal }): Promise<void>;
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

/**
 * How long a receiver has to answer, headers and body, far below the outbox lease (which is
 * renewed meanwhile anyway).
 */
export const httpTimeoutMs = 30_000;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 3_600_000) : undefined;
}

/** Connections kept open between deliveries to the same receiver. */
const agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };

/**
 * POSTs JSON; a 2xx is delivered, anything else a DeliveryError naming the status only. The
 * receiver's answer is read and dropped: it may echo the lead back, and logs hold no personal
 * data. node:http rather than fetch: a third of the CPU per delivery, and a burst of leads makes
 * thousands of them. Redirects are not followed (a moved receiver is retried, then reported).
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  timeoutMs = httpTimeoutMs,
): Promise<void> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const noAnswer = () => new DeliveryError(`no answer within ${timeoutMs / 1000} s`);
  return new Promise<void>((settle, fail) => {
    // The whole exchange has `timeoutMs`, not only each silence in it: a receiver that sends a
    // byte of its answer every few seconds never goes quiet for long, and held its delivery (and
    // every lead behind it for that destination, and the alert about it) for ever.
    const deadline = setTimeout(() => request.destroy(noAnswer()), timeoutMs);
    deadline.unref();
    const resolve = () => {
      clearTimeout(deadline);
      settle();
    };
    const reject = (error: Error) => {
      clearTimeout(deadline);
      fail(error);
    };
    const request = send(
      target,
      {
        method: "POST",
        agent: agents[target.protocol === "https:" ? "https:" : "http:"],
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        signal,
        timeout: timeoutMs,
      },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 65_536) response.destroy();
        });
        response.on("error", () => undefined);
        response.on("close", () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve();
          const reason = `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}`.slice(0, 100);
          const retryAfter = response.headers["retry-after"];
          reject(new DeliveryError(reason, permanentStatuses.includes(status), retryAfterMs(retryAfter ?? null)));
        });
      },
    );
    request.on("timeout", () => request.destroy(noAnswer()));
    request.on("error", (error: Error & { code?: string }) =>
      reject(
        error instanceof DeliveryError
          ? error
          : new DeliveryError(`network error${error.code ? ` ${error.code}` : ""}`),
      ),
    );
    request.end(body);
  });
}
