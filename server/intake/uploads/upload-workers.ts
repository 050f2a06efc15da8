import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { log } from "../../log";
import type { FormDataRules, ParsedBody } from "./form-data";
import type { Inspection } from "./upload";

// A few worker threads for the work an upload brings whose cost grows with its size: finding the
// parts of a multipart body (busboy's boundary search runs over every byte) and reading a resume
// by its structure (the PDF token pass, the compound-file parse, inflating a DOCX). On the
// server's own thread that work, a few milliseconds per megabyte, would hold every page and lead
// behind it; here the thread only reads the body off the socket and hands it over. The pool is
// piscina's (decision 0047): it starts, queues, replaces and ends the threads.

/** One piece of work, with the bytes it is lent (transferred, not copied). */
export type UploadTask =
  | { task: "inspect"; bytes: ArrayBuffer }
  | { task: "form-data"; body: Uint8Array<ArrayBuffer>; contentType: string; rules: FormDataRules };

/** What the worker gives back: the answer, the body's own refusal, or the error it met. */
export type UploadAnswer =
  | { task: "inspect"; inspection: Inspection; bytes: ArrayBuffer }
  | { task: "form-data"; parsed: ParsedBody }
  | { refused: { status: 400 | 413; message: string } }
  | { error: string };

/** The work ran out of time or memory: the upload is refused, whatever it holds. */
export class Exhausted extends Error {}

/** The buffers a task or an answer lends: its bytes, moved rather than copied. */
export function lent(message: UploadTask | UploadAnswer): ArrayBuffer[] {
  if ("bytes" in message) return [message.bytes];
  if ("body" in message) return [message.body.buffer];
  if ("parsed" in message) return Object.values(message.parsed.files).map((file) => file.bytes.buffer);
  return [];
}

export interface UploadPoolOptions {
  /** Threads at most; work beyond them waits its turn. */
  threads: number;
  /** The longest one piece of work may take, its wait for a thread included, before it is given up. */
  timeoutMs: number;
  /** A thread's heap: the file and what it inflates to are buffers outside it. */
  heapMb: number;
}

/**
 * The worker's module: the bundled `.mjs` beside the server bundle, or, where the server runs from
 * source (tests, `tsx` scripts), a module that loads tsx in the thread and then the TypeScript.
 */
function workerModule(): string {
  const file = import.meta.url.endsWith(".ts") ? "./upload-worker-source.mjs" : "./upload-worker.mjs";
  return new URL(file, import.meta.url).href;
}

/**
 * Threads start when first needed and stay, not holding the process open while idle (the accept
 * path already bounds uploads in progress). A thread that failed, ran out of memory or of time is
 * ended and replaced; one that fails between tasks is dropped with a log line, instead of its
 * unheard error ending the whole process.
 */
export function createUploadPool({ threads, timeoutMs, heapMb }: UploadPoolOptions) {
  const pool = new Piscina<UploadTask, UploadAnswer>({
    filename: workerModule(),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: Infinity,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  // Outside a task (between tasks, or a thread that cannot start): logged, the pool carries on.
  pool.on("error", (error: Error) => log("upload.worker-failed", { message: error.message }));
  async function run(task: UploadTask): Promise<UploadAnswer> {
    try {
      return await pool.run(task, { transferList: lent(task), signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      if (error.name === "AbortError") throw new Exhausted(`${task.task} timed out`);
      if (Reflect.get(error, "code") === "ERR_WORKER_OUT_OF_MEMORY") throw new Exhausted(error.message);
      throw error;
    }
  }
  return { run, threads: () => pool.threads.length, close: () => pool.destroy() };
}

/** One thread per core the event loop does not need, at most two; 20 s of work a piece (a 5 MB file takes well under a second). */
const uploadPool = createUploadPool({
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeoutMs: 20_000,
  heapMb: 128,
});

export const inWorker = uploadPool.run;
