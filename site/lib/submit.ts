import { apiPaths } from "../../core/site-paths";

/** Spec §9: the request is aborted after 12000 ms; an outer race gives up after 15000 ms. */
export const requestAbortMs = 12_000;
export const requestRaceMs = 15_000;

/** Where the intake API lives: same origin by default, or VITE_API_ORIGIN for a static host. */
export function apiUrl(path: string): string {
  const origin = (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? "";
  return `${origin.replace(/\/+$/, "")}${path}`;
}

/**
 * Posts a body and resolves on a 2xx answer. Any failure rejects: network, HTTP status or
 * timeout (the visitor is told the same thing in each case: try again later). The answer is parsed leniently and not read.
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
    const response = await fetch(apiUrl(apiPaths[path]), {
      method: "POST",
      headers: isJson
        ? { "Content-Type": "application/json", Accept: "application/json" }
        : { Accept: "application/json" },
      body: isJson ? JSON.stringify(body) : body,
      signal: controller.signal,
    });
    const data: unknown = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return data;
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
