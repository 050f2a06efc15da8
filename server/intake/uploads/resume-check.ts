import { resumeProblem, resumeTypes, safeResumeName } from "../../../core/form-options";
import { Exhausted, inWorker } from "./upload-workers";

export type ResumeRejection = "resumeName" | "resumeType" | "resumeSize" | "resumeContent" | "resumeActive";

export type CheckedResume =
  { ok: true; name: string; type: string; bytes: Buffer } | { ok: false; problem: ResumeRejection; reason: string };

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
 * Checks a resume by its bytes, not its name (in the upload worker), and names it: the
 * name the firm sees is sanitised and ends in the extension of what the bytes are.
 */
export async function checkResume(file: { name: string; bytes: Uint8Array }): Promise<CheckedResume> {
  const problem = resumeProblem({ name: file.name, size: file.bytes.byteLength });
  if (problem) return { ok: false, problem, reason: problem };
  let answer;
  try {
    answer = await inWorker({ task: "inspect", bytes: ownBuffer(file.bytes) });
  } catch (error) {
    if (error instanceof Exhausted) return { ok: false, problem: "resumeContent", reason: "inspection-exhausted" };
    throw error;
  }
  if (!("inspection" in answer))
    throw new Error("error" in answer ? answer.error : "unexpected answer from the upload worker");
  const { inspection, bytes } = answer;
  if (!inspection.ok) return inspection;
  return {
    ok: true,
    name: safeResumeName(file.name, inspection.extension),
    type: resumeTypes[inspection.extension]!,
    bytes: Buffer.from(bytes),
  };
}
