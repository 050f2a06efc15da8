import { apiPaths } from "../../core/site-paths";

/** A request is aborted after 12000 ms; an outer race gives up after 15000 ms. */
export const requestAbortMs = 12_000;
export const requestRaceMs = 15_000;
/** A busy store (503) is retried after its Retry-After, at most this many times, within the race. */
export const busyRetries = 2;
const maxRetryWaitMs = 4_000;

/** The server could not store the request just now; the visitor is told to try again shortly. */
export class BusyError extends Error {
  constructor() {
    super("HTTP 503");
  }
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

/**
 * Posts a body and resolves on a 2xx answer. Any failure rejects: network, HTTP status or
 * timeout. A 503 (the server's store is busy for a moment) is sent again after the server's
 * Retry-After, twice at most and within the same time budget; if it is still busy the promise
 * rejects with BusyError, so the form can say "try again in a few seconds". The answer is parsed
 * leniently and not read.
 */
export async function postForm(
  path: keyof typeof apiPaths,
  body: Record<string, unknown> | FormData,
): Promise<unknown> {
  const controller = new AbortController();
  const abort = window.setTimeout(() => controller.abort(), requestAbortMs);
  let giveUp: number | undefined;
  const request = (async () => {
    const isJson = !(body instanceof FormData);
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(apiUrl(apiPaths[path]), {
        method: "POST",
        headers: isJson
          ? { "Content-Type": "application/json", Accept: "application/json" }
          : { Accept: "application/json" },
        body: isJson ? JSON.stringify(body) : body,
        signal: controller.signal,
      });
      const data: unknown = await response.json().catch(() => ({}));
      if (response.status === 503) {
        if (attempt >= busyRetries) throw new BusyError();
        const wait = retryWaitMs(response);
        await new Promise((resolve) => window.setTimeout(resolve, wait));
        continue;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return data;
    }
  })();
  const timeout = new Promise<never>((_, reject) => {
    giveUp = window.setTimeout(() => reject(new Error("timeout")), requestRaceMs);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    window.clearTimeout(abort);
    window.clearTimeout(giveUp);
  }
}
