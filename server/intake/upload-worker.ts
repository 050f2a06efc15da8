// The upload worker's thread (started by upload-workers.ts): parses multipart bodies and inspects
// resumes, one task at a time, and hands the bytes back with the answer.
import { parentPort } from "node:worker_threads";
import { BodyError, parseFormData } from "./form-data";
import { inspectResume } from "./upload";
import { lent, type UploadAnswer, type UploadTask } from "./upload-workers";

const port = parentPort;
if (!port) throw new Error("upload-worker runs as a worker thread");

async function answer(task: UploadTask): Promise<UploadAnswer> {
  try {
    if (task.task === "inspect")
      return { task: "inspect", inspection: await inspectResume(Buffer.from(task.bytes)), bytes: task.bytes };
    return { task: "form-data", parsed: await parseFormData(task.body, task.contentType, task.rules) };
  } catch (error) {
    if (error instanceof BodyError && (error.status === 400 || error.status === 413))
      return { refused: { status: error.status, message: error.message } };
    return { error: (error as Error).message ?? String(error) };
  }
}

port.on("message", (task: UploadTask) => {
  void answer(task).then((reply) => port.postMessage(reply, lent(reply)));
});
