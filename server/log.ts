import { AsyncLocalStorage } from "node:async_hooks";

/** The id of the request being served, carried through everything that request awaits. */
const currentRequest = new AsyncLocalStorage<string>();

/** Runs the handling of one request; every log line written meanwhile names its id. */
export function inRequest<T>(id: string, run: () => T): T {
  return currentRequest.run(id, run);
}

/**
 * Standard output, written once per turn of the event loop: a burst of requests logs hundreds of
 * lines, and a write for each (a system call, synchronous for a file or a pipe) would cost the
 * thread every visitor waits on. What is still pending when the process exits is written then.
 */
function batchedStdout() {
  let pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    const text = `${pending.join("\n")}\n`;
    pending = [];
    process.stdout.write(text);
  };
  process.on("exit", flush);
  return (line: string) => {
    if (!pending.length) setImmediate(flush).unref();
    pending.push(line);
  };
}

let sink: (line: string) => void = batchedStdout();

/** Sends log lines to `next` instead (tests read them); returns the way back. */
export function logTo(next: (line: string) => void): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

/** Structured log lines. Never pass personal data (names, emails, phones, messages): ids and codes only. */
export function log(event: string, fields: Record<string, string | number | boolean | null | undefined> = {}): void {
  if (process.env.LOG_LEVEL === "silent") return;
  const request = currentRequest.getStore();
  sink(JSON.stringify({ time: new Date().toISOString(), event, ...(request ? { request } : {}), ...fields }));
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
