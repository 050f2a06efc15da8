// The resume worker's thread (started by resume-check.ts): inspects one resume at a time and
// hands its bytes back with the verdict.
import { parentPort } from "node:worker_threads";
import { inspectResume } from "./upload";
import type { WorkerAnswer } from "./resume-check";

const port = parentPort;
if (!port) throw new Error("resume-worker runs as a worker thread");
port.on("message", (bytes: ArrayBuffer) => {
  void inspectResume(Buffer.from(bytes)).then(
    (inspection) => port.postMessage({ inspection, bytes } satisfies WorkerAnswer, [bytes]),
    (error: unknown) =>
      port.postMessage({ error: (error as Error).message ?? String(error), bytes } satisfies WorkerAnswer, [bytes]),
  );
});
