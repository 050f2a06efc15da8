import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import { resumeProblem, resumeTypes, safeResumeName, type ResumeExtension } from "../../core/form-options";

const inflate = promisify(inflateRaw);

/** What a DOCX may inflate to in all: generous for a resume with photos, far from a zip bomb. */
export const maxInflatedBytes = 50 * 1024 * 1024;
const maxZipEntries = 2000;

export type ResumeRejection = "resumeName" | "resumeType" | "resumeSize" | "resumeContent";

export type CheckedResume =
  { ok: true; name: string; type: string; bytes: Buffer } | { ok: false; problem: ResumeRejection; reason: string };

/**
 * The sizes a zip's central directory declares, each entry inflated (on the thread pool, never
 * blocking the event loop) with its declared size as the limit, so an entry that lies about its
 * size fails too. Undefined when the archive is within bounds, else the reason.
 */
export async function zipBoundProblem(bytes: Buffer, limit = maxInflatedBytes): Promise<string | undefined> {
  const tail = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let i = bytes.length - 22; i >= tail; i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return "zip-no-directory";
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (entries > maxZipEntries || entries === 0xffff || offset === 0xffffffff) return "zip-too-many-entries";
  let total = 0;
  const work: { method: number; compressed: number; size: number; local: number }[] = [];
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return "zip-bad-directory";
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const local = bytes.readUInt32LE(offset + 42);
    if (size === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff) return "zip64";
    if (method !== 0 && method !== 8) return "zip-method";
    total += size;
    if (total > limit) return "zip-inflates-too-large";
    work.push({ method, compressed, size, local });
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  for (const entry of work) {
    if (entry.local + 30 > bytes.length || bytes.readUInt32LE(entry.local) !== 0x04034b50) return "zip-bad-entry";
    const start = entry.local + 30 + bytes.readUInt16LE(entry.local + 26) + bytes.readUInt16LE(entry.local + 28);
    const data = bytes.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) return "zip-bad-entry";
    if (entry.method === 0) {
      if (entry.compressed !== entry.size) return "zip-bad-entry";
      continue;
    }
    try {
      const out = await inflate(data, { maxOutputLength: Math.max(1, entry.size) });
      if (out.length !== entry.size) return "zip-size-mismatch";
    } catch {
      return "zip-inflates-too-large";
    }
  }
  return undefined;
}

/** Word 97-2003 documents are OLE compound files with a "WordDocument" stream. */
const wordStream = Buffer.from("WordDocument", "utf16le");

/**
 * Checks a resume by its bytes, not its name: a PDF, a Word 97-2003 document or a DOCX within the
 * inflate bound, else rejected. The name the firm sees is sanitised and ends in the extension of
 * what the bytes are.
 */
export async function checkResume(file: File): Promise<CheckedResume> {
  const problem = resumeProblem(file);
  if (problem) return { ok: false, problem, reason: problem };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    const zip = await zipBoundProblem(bytes);
    if (zip) return { ok: false, problem: "resumeContent", reason: zip };
  }
  const detected = await fileTypeFromBuffer(bytes);
  let extension: ResumeExtension | undefined;
  if (detected?.mime === "application/pdf") extension = "pdf";
  else if (detected?.ext === "docx") extension = "docx";
  else if (detected?.ext === "cfb" && bytes.includes(wordStream)) extension = "doc";
  if (!extension) return { ok: false, problem: "resumeContent", reason: `content-${detected?.ext ?? "unknown"}` };
  return { ok: true, name: safeResumeName(file.name, extension), type: resumeTypes[extension]!, bytes };
}
