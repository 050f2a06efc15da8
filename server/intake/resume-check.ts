import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { resumeProblem, resumeTypes, safeResumeName } from "../../core/form-options";
import type { Inspection } from "./upload";

export type ResumeRejection = "resumeName" | "resumeType" | "resumeSize" | "resumeContent" | "resumeActive";

export type CheckedResume =
  { ok: true; name: string; type: string; bytes: Buffer } | { ok: false; problem: ResumeRejection; reason: string };

/** What the worker posts back: the bytes it was lent, and its verdict or the error it met. */
export type WorkerAnswer = { bytes: ArrayBuffer } & ({ inspection: Inspection } | { error: string });

/** The longest one inspection may take (a 5 MB file takes well under a second) before the file is refused. */
const inspectionTimeoutMs = 20_000;
/** A worker's heap: the file and what it inflates to are buffers outside it. */
const workerHeapMb = 128;

/**
 * The worker's entry: the bundled `.mjs` beside the server bundle, or the TypeScript source
 * loaded through tsx where the server runs from source (tests, `tsx` scripts).
 */
function workerEntry(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./resume-worker.mjs", import.meta.url);
  const source = new URL("./resume-worker.ts", import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** The inspection ran out of time or memory: the file is not a resume, whatever it is. */
class Exhausted extends Error {}

/** Lends `bytes` to `worker` (transferred, not copied) and resolves with its answer. */
function ask(worker: Worker, bytes: ArrayBuffer): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const finish = (error: Error | undefined, answer?: WorkerAnswer) => {
      clearTimeout(timer);
      worker.off("message", answered).off("error", failed).off("exit", exited);
      if (answer) resolve(answer);
      else reject(error ?? new Error("resume worker gave no answer"));
    };
    const answered = (answer: WorkerAnswer) => finish(undefined, answer);
    const failed = (error: Error) =>
      finish(Reflect.get(error, "code") === "ERR_WORKER_OUT_OF_MEMORY" ? new Exhausted(error.message) : error);
    const exited = (code: number) => finish(new Error(`resume worker exited with ${code}`));
    const timer = setTimeout(() => finish(new Exhausted("resume inspection timed out")), inspectionTimeoutMs);
    worker.on("message", answered).on("error", failed).on("exit", exited);
    worker.postMessage(bytes, [bytes]);
  });
}

/**
 * A few worker threads that inspect resumes, so reading a file by its structure (the PDF token
 * pass, the compound-file parse, inflating a DOCX) never holds the event loop, whatever the file.
 * Workers start when first needed and stay, unreferenced while idle; inspections beyond the pool
 * wait their turn (the accept path already bounds uploads in progress).
 */
function createInspectors(size: number) {
  const idle: Worker[] = [];
  const waiting: (() => void)[] = [];
  let busy = 0;
  async function lend(bytes: ArrayBuffer): Promise<WorkerAnswer> {
    const worker =
      idle.pop() ?? new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    worker.ref();
    try {
      const answer = await ask(worker, bytes);
      worker.unref();
      idle.push(worker);
      return answer;
    } catch (error) {
      void worker.terminate();
      throw error;
    }
  }
  return async function inspect(bytes: ArrayBuffer): Promise<{ inspection: Inspection; bytes: ArrayBuffer }> {
    if (busy >= size) await new Promise<void>((turn) => waiting.push(turn));
    busy += 1;
    let answer: WorkerAnswer;
    try {
      answer = await lend(bytes);
    } catch (error) {
      if (!(error instanceof Exhausted)) throw error;
      return { inspection: { ok: false, problem: "resumeContent", reason: "inspection-exhausted" }, bytes };
    } finally {
      busy -= 1;
      waiting.shift()?.();
    }
    if ("error" in answer) throw new Error(answer.error);
    return answer;
  };
}

/** One worker per core the event loop does not need, at most two. */
const inspect = createInspectors(Math.max(1, Math.min(2, availableParallelism() - 1)));

/**
 * The bytes as an ArrayBuffer of their own, to transfer: the view's own buffer when it spans all
 * of it (a multipart file's bytes do; the caller's view is emptied), else a copy (a view into a
 * larger buffer, such as Node's pool of small buffers, must not be handed away).
 */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer;
  return new Uint8Array(bytes).buffer;
}

/**
 * Checks a resume by its bytes, not its name (in a worker thread, see above), and names it: the
 * name the firm sees is sanitised and ends in the extension of what the bytes are.
 */
export async function checkResume(file: { name: string; bytes: Uint8Array }): Promise<CheckedResume> {
  const problem = resumeProblem({ name: file.name, size: file.bytes.byteLength });
  if (problem) return { ok: false, problem, reason: problem };
  const { inspection, bytes } = await inspect(ownBuffer(file.bytes));
  if (!inspection.ok) return inspection;
  return {
    ok: true,
    name: safeResumeName(file.name, inspection.extension),
    type: resumeTypes[inspection.extension]!,
    bytes: Buffer.from(bytes),
  };
}
