// The upload worker's thread (a piscina worker, started by upload-workers.ts): parses multipart
// bodies and inspects resumes, one task at a time, and hands the bytes back with the answer.
import { move, transferableSymbol, valueSymbol } from "piscina";
import { BodyError, parseFormData } from "./form-data";
import { inspectResume } from "./upload";
import { lent, type UploadAnswer, type UploadTask } from "./upload-workers";

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

/** The answer, its bytes moved back rather than copied. */
export default async function uploadWork(task: UploadTask) {
  const reply = await answer(task);
  return move({ [transferableSymbol]: lent(reply), [valueSymbol]: reply });
}
