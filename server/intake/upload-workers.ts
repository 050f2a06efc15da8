import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FormDataRules, ParsedBody } from "./form-data";
import type { Inspection } from "./upload";

// A few worker threads for the work an upload brings whose cost grows with its size: finding the
// parts of a multipart body (busboy's boundary search runs over every byte) and reading a resume
// by its structure (the PDF token pass, the compound-file parse, inflating a DOCX). On the
// server's own thread that work, a few milliseconds per megabyte, would hold every page and lead
// behind it; here the thread only reads the body off the socket and hands it over.

/** One piece of work, with the bytes it is lent (transferred, not copied). */
export type UploadTask =
  | { task: "inspect"; bytes: ArrayBuffer }
  | { task: "form-data"; body: Uint8Array<ArrayBuffer>; contentType: string; rules: FormDataRules };

/** What the worker posts back: the answer, the body's own refusal, or the error it met. */
export type UploadAnswer =
  | { task: "inspect"; inspection: Inspection; bytes: ArrayBuffer }
  | { task: "form-data"; parsed: ParsedBody }
  | { refused: { status: 400 | 413; message: string } }
  | { error: string };

/** The longest one piece of work may take (a 5 MB file takes well under a second) before it is given up. */
const taskTimeoutMs = 20_000;
/** A worker's heap: the file and what it inflates to are buffers outside it. */
const workerHeapMb = 128;

/**
 * The worker's entry: the bundled `.mjs` beside the server bundle, or the TypeScript source
 * loaded through tsx where the server runs from source (tests, `tsx` scripts).
 */
function workerEntry(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./upload-worker.mjs", import.meta.url);
  const source = new URL("./upload-worker.ts", import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** The work ran out of time or memory: the upload is refused, whatever it holds. */
export class Exhausted extends Error {}

/** The buffers a task or an answer lends: its bytes, moved rather than copied. */
export function lent(message: UploadTask | UploadAnswer): ArrayBuffer[] {
  if ("bytes" in message) return [message.bytes];
  if ("body" in message) return [message.body.buffer];
  if ("parsed" in message) return Object.values(message.parsed.files).map((file) => file.bytes.buffer);
  return [];
}

function ask(worker: Worker, task: UploadTask): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const finish = (error: Error | undefined, answer?: UploadAnswer) => {
      clearTimeout(timer);
      worker.off("message", answered).off("error", failed).off("exit", exited);
      if (answer) resolve(answer);
      else reject(error ?? new Error("upload worker gave no answer"));
    };
    const answered = (answer: UploadAnswer) => finish(undefined, answer);
    const failed = (error: Error) =>
      finish(Reflect.get(error, "code") === "ERR_WORKER_OUT_OF_MEMORY" ? new Exhausted(error.message) : error);
    const exited = (code: number) => finish(new Error(`upload worker exited with ${code}`));
    const timer = setTimeout(() => finish(new Exhausted(`${task.task} timed out`)), taskTimeoutMs);
    worker.on("message", answered).on("error", failed).on("exit", exited);
    worker.postMessage(task, lent(task));
  });
}

/**
 * Workers start when first needed and stay, unreferenced while idle; work beyond the pool waits
 * its turn (the accept path already bounds uploads in progress). A worker that failed, ran out of
 * memory or time is ended and replaced.
 */
function createPool(size: number) {
  const idle: Worker[] = [];
  const waiting: (() => void)[] = [];
  let busy = 0;
  /**
   * A new worker. Its errors and its end are always heard: one that fails between tasks (an idle
   * worker has no task listening) is dropped from the pool, instead of its unheard 'error' event
   * ending the whole process.
   */
  function start(): Worker {
    const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    const retire = () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    };
    worker.on("error", retire).on("exit", retire);
    return worker;
  }
  async function lend(task: UploadTask): Promise<UploadAnswer> {
    const worker = idle.pop() ?? start();
    worker.ref();
    try {
      const answer = await ask(worker, task);
      worker.unref();
      idle.push(worker);
      return answer;
    } catch (error) {
      void worker.terminate();
      throw error;
    }
  }
  return async function run(task: UploadTask): Promise<UploadAnswer> {
    if (busy >= size) await new Promise<void>((turn) => waiting.push(turn));
    busy += 1;
    try {
      return await lend(task);
    } finally {
      busy -= 1;
      waiting.shift()?.();
    }
  };
}

/** One worker per core the event loop does not need, at most two. */
export const inWorker = createPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
