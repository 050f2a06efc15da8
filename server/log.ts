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

/** The first lines of an error's stack (code locations, no values), for a log line. */
function origin(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  return error.stack
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, 6)
    .map((line) => line.trim())
    .join(" | ");
}

/**
 * Ends the process on an error nothing handled (a promise rejected with nobody awaiting it, an
 * exception thrown from a callback): one log line, with the id of the request it happened in when
 * there was one, then exit 1 for the supervisor to start a fresh process. Carrying on would serve
 * from a process in a state nobody planned for. A database going away is handled where it
 * happens and never comes here. Returns a function that removes the handlers (tests).
 */
export function exitOnUnhandledErrors(exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const fatal = (event: string) => (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(event, {
      name: error instanceof Error ? error.name : typeof error,
      message: message.slice(0, 300),
      at: origin(error),
    });
    exit(1);
  };
  const rejection = fatal("process.unhandled_rejection");
  const exception = fatal("process.uncaught_exception");
  process.on("unhandledRejection", rejection);
  process.on("uncaughtException", exception);
  return () => {
    process.off("unhandledRejection", rejection);
    process.off("uncaughtException", exception);
  };
}
