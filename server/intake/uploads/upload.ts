import { inflateSync } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import yauzl from "yauzl";
import type { ResumeExtension } from "../../../core/form-options";

/** What a DOCX may inflate to in all: a resume with photos, not a bomb. */
export const maxInflatedBytes = 50 * 1024 * 1024;
/**
 * What is read token by token or searched with patterns, in all: a PDF's inflated object streams
 * (its dictionaries: a resume's come to a few hundred kilobytes) and a DOCX's content types and
 * relationships (a few kilobytes). Reading costs some 30 ms per megabyte of the slowest bytes, and
 * a 47 KB PDF inflating to 48 MB of them took 1.5 s: four of them held every upload slot for 6 s.
 */
const maxReadBytes = { pdf: 8 * 1024 * 1024, docx: 4 * 1024 * 1024 };
/**
 * Compressed object streams of a PDF. A writer packs a hundred or more objects into each, so a
 * 5 MB resume has a few hundred at most; each costs an inflate whatever its size.
 */
const maxObjectStreams = 10_000;
/** Entries of a DOCX: a long resume has a few dozen. */
const maxZipEntries = 2000;
/** The most bytes of one DOCX part read to look inside it (content types, relationships). */
const maxInspectedPartBytes = 1024 * 1024;

/** What the bytes of a resume turned out to be, or why they are refused. */
export type Inspection =
  { ok: true; extension: ResumeExtension } | { ok: false; problem: "resumeContent" | "resumeActive"; reason: string };

/** Why a resume is refused, for the security log. */
class Refusal extends Error {
  constructor(
    readonly problem: "resumeContent" | "resumeActive",
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The relationship types a document may point outside itself with: a hyperlink opens only when
 * the reader clicks it. Anything else external (a template, a frame, an OLE object, a linked
 * image) is fetched when the document opens.
 */
const hyperlinkType = "/relationships/hyperlink";
/**
 * Relationships to something embedded that runs or opens in another program: an OLE object (a
 * spreadsheet, a script, an executable wrapped in a package), an embedded document package, an
 * ActiveX control. A double click in the document starts it.
 */
const embeddedType = /\/(oleObject|package|control|activeXControlBinary)$/i;
/** Folders a DOCX keeps those objects in. */
const embeddedFolder = /(^|\/)(embeddings|activeX)\//i;
// `[^<>]` stops each try at the next tag, so a part full of unclosed tags is still one pass.
const relationship = /<Relationship\b[^<>]*>/g;
const externalMode = /\bTargetMode\s*=\s*["']External["']/;
const relationshipType = /\bType\s*=\s*["']([^"']*)["']/;

/** Refuses a DOCX part that runs code, fetches something or embeds a program's object. */
function inspectPart(name: string, text: string): void {
  if (name === "[Content_Types].xml" && /macroEnabled|vbaProject/i.test(text))
    throw new Refusal("resumeActive", "docx-macros");
  if (!name.endsWith(".rels")) return;
  for (const [element] of text.matchAll(relationship)) {
    const type = relationshipType.exec(element)?.[1] ?? "";
    if (embeddedType.test(type)) throw new Refusal("resumeActive", "docx-embedded-object");
    if (externalMode.test(element) && !type.endsWith(hyperlinkType))
      throw new Refusal("resumeActive", "docx-external-relationship");
  }
}

/**
 * Reads a ZIP with yauzl (a maintained reader that refuses malformed archives and, with
 * `validateEntrySizes`, entries that inflate to more or less than they declare). Every entry is
 * inflated (on the thread pool) against the declared total, which must stay within
 * `maxInflatedBytes`, and the entries' compressed bytes together within the file's size, so no
 * byte is inflated twice; the parts that say what the document does are inspected.
 */
export async function checkZip(bytes: Buffer, limit = maxInflatedBytes): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  } catch {
    throw new Refusal("resumeContent", "zip-bad-directory");
  }
  try {
    if (zip.entryCount > maxZipEntries) throw new Refusal("resumeContent", "zip-too-many-entries");
    let declared = 0;
    let compressed = 0;
    let inspected = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limit) throw new Refusal("resumeContent", "zip-inflates-too-large");
      // The entries of an archive each have bytes of their own. Entries that point at the same
      // bytes (deflate data that inflates to nothing costs a pass per entry all the same) would
      // have the file's few megabytes inflated thousands of times over: 2,000 entries on 5 MB held
      // the upload worker, and every application behind it, for its whole time limit.
      compressed += entry.compressedSize;
      if (compressed > bytes.length) throw new Refusal("resumeContent", "zip-overlapping-entries");
      if (/(^|\/)vbaProject\.bin$/i.test(entry.fileName)) throw new Refusal("resumeActive", "docx-macros");
      if (embeddedFolder.test(entry.fileName)) throw new Refusal("resumeActive", "docx-embedded-object");
      const inspect = entry.fileName === "[Content_Types].xml" || entry.fileName.endsWith(".rels");
      if (inspect && entry.uncompressedSize > maxInspectedPartBytes)
        throw new Refusal("resumeContent", "zip-part-too-large");
      if (inspect) inspected += entry.uncompressedSize;
      if (inspected > maxReadBytes.docx) throw new Refusal("resumeContent", "zip-parts-too-large");
      const chunks: Buffer[] = [];
      try {
        const stream = await zip.openReadStreamPromise(entry);
        for await (const chunk of stream) if (inspect) chunks.push(chunk as Buffer);
      } catch {
        throw new Refusal("resumeContent", "zip-bad-entry");
      }
      if (inspect) inspectPart(entry.fileName, Buffer.concat(chunks).toString("utf8"));
    }
  } catch (error) {
    // yauzl reads the directory one entry at a time: an entry it cannot read (a bad signature,
    // strong encryption, a cut-off directory) is a file the firm cannot take, not a server error.
    throw error instanceof Refusal ? error : new Refusal("resumeContent", "zip-bad-directory");
  } finally {
    zip.close();
  }
}

/** A directory entry of an OLE compound file, as far as the Word check reads it. */
interface CompoundEntry {
  name: string;
  /** 1: a storage (a folder), 2: a stream, 5: the root. */
  type: number;
  /** The entry of the first thing inside a storage, or -1. */
  child: number;
  start: number;
  size: number;
}

/**
 * The directory of an OLE compound file and the first bytes of its streams, read by hand with
 * every chain of sectors bounded by the file's own sector count, so the reading costs memory and
 * time in proportion to the file. (The cfb library copied a chain for every sector it started
 * from: chains written backwards overlap, and a 5 MB file asked for 27 GB outside the worker's
 * heap limit.)
 */
function readCompoundFile(bytes: Buffer) {
  const malformed = () => new Refusal("resumeContent", "cfb-unreadable");
  if (bytes.length < 512) throw malformed();
  const major = bytes.readUInt16LE(26);
  const shift = bytes.readUInt16LE(30);
  if (!(major === 3 && shift === 9) && !(major === 4 && shift === 12)) throw malformed();
  const size = 1 << shift;
  const count = Math.floor(bytes.length / size) - 1;
  const perSector = size / 4;
  const valid = (sector: number) => sector >= 0 && sector < count;
  const int = (sector: number, index: number) => bytes.readInt32LE((sector + 1) * size + index * 4);
  // Where the allocation table's sectors are: 109 in the header, the rest in a chain of their own.
  const tableSectors: number[] = [];
  for (let i = 0; i < 109; i++) tableSectors.push(bytes.readInt32LE(76 + 4 * i));
  const listed = new Set<number>();
  for (let sector = bytes.readInt32LE(68); valid(sector) && !listed.has(sector); sector = int(sector, perSector - 1)) {
    listed.add(sector);
    for (let i = 0; i < perSector - 1; i++) tableSectors.push(int(sector, i));
  }
  const next = (sector: number) => {
    const table = tableSectors[Math.floor(sector / perSector)];
    return table !== undefined && valid(table) ? int(table, sector % perSector) : -1;
  };
  /** The sectors of a chain, at most `limit` of them (never more than the file has). */
  const chain = (start: number, limit = count) => {
    const sectors: number[] = [];
    for (let sector = start; valid(sector) && sectors.length < Math.min(limit, count); sector = next(sector))
      sectors.push(sector);
    return sectors;
  };
  const entries: CompoundEntry[] = [];
  for (const sector of chain(bytes.readInt32LE(48)))
    for (let offset = (sector + 1) * size; offset < (sector + 2) * size; offset += 128) {
      const nameBytes = Math.min(bytes.readUInt16LE(offset + 64), 64);
      entries.push({
        name: bytes.toString("utf16le", offset, offset + Math.max(0, nameBytes - 2)),
        type: bytes[offset + 66]!,
        child: bytes.readInt32LE(offset + 76),
        start: bytes.readInt32LE(offset + 116),
        size: bytes.readUInt32LE(offset + 120),
      });
    }
  const root = entries[0];
  const cutoff = bytes.readUInt32LE(56);
  /** The first bytes of a stream (up to a mini sector's 64), or nothing if they are not in the file. */
  function head(entry: CompoundEntry): Buffer {
    let at: number;
    if (entry.size >= cutoff) {
      if (!valid(entry.start)) return Buffer.alloc(0);
      at = (entry.start + 1) * size;
    } else {
      // A small stream lives in the mini stream (the root's chain), in 64-byte mini sectors.
      const offset = entry.start * 64;
      const sector =
        root && entry.start >= 0
          ? chain(root.start, Math.floor(offset / size) + 1)[Math.floor(offset / size)]
          : undefined;
      if (sector === undefined) return Buffer.alloc(0);
      at = (sector + 1) * size + (offset % size);
    }
    return bytes.subarray(at, at + Math.min(64, entry.size));
  }
  return { entries, head };
}

/**
 * A Word 97-2003 document is an OLE compound file whose directory holds a `WordDocument` stream
 * that starts with Word's file-information block; its macros live in a `Macros` storage.
 */
function checkDoc(bytes: Buffer): void {
  const { entries, head } = readCompoundFile(bytes);
  const word = entries.find((entry) => entry.type === 2 && entry.name === "WordDocument");
  const content = word ? head(word) : undefined;
  const ident = content && content.length >= 2 ? content.readUInt16LE(0) : 0;
  // 0xA5EC: Word 97 and later; 0xA5DC: Word 6 and 95.
  if (ident !== 0xa5ec && ident !== 0xa5dc) throw new Refusal("resumeContent", "doc-no-word-stream");
  if (entries.some((entry) => entry.name === "Macros" || entry.name === "_VBA_PROJECT_CUR"))
    throw new Refusal("resumeActive", "doc-macros");
  // Word keeps embedded OLE objects as storages inside `ObjectPool` (often present and empty).
  const inside = (entry: CompoundEntry) => entries[entry.child]?.type ?? 0;
  if (entries.some((entry) => entry.name === "ObjectPool" && entry.type === 1 && inside(entry) !== 0))
    throw new Refusal("resumeActive", "doc-embedded-object");
}

/**
 * PDF names that run code or start a program (a JavaScript action, a launch action) or that carry
 * a file inside the PDF for the reader to open (an embedded file, its name tree, a file's `EF`
 * entry, a file-attachment annotation, a go-to-embedded action) or rich media (Flash, video
 * players with their own scripts).
 */
const activePdfNames = new Map([
  ["JS", "pdf-active-content"],
  ["JavaScript", "pdf-active-content"],
  ["Launch", "pdf-active-content"],
  ["EmbeddedFile", "pdf-embedded-file"],
  ["EmbeddedFiles", "pdf-embedded-file"],
  ["EF", "pdf-embedded-file"],
  ["FileAttachment", "pdf-embedded-file"],
  ["GoToE", "pdf-embedded-file"],
  ["RichMedia", "pdf-rich-media"],
]);
const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) => isWhite(c) || "()<>[]{}/%".includes(String.fromCharCode(c));
const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

interface PdfScan {
  /** Why the file is refused, at the first name that refuses it. */
  active: string | undefined;
  /** Compressed object streams (where a PDF 1.5 file keeps its dictionaries), to scan inflated. */
  objectStreams: Buffer[];
}

/**
 * One pass over a PDF's bytes, token by token, reading every name outside strings and comments
 * (`#xx` escapes decoded, so `/J#61vaScript` is `/JavaScript`). Stream data is skipped (page text
 * such as "HTML/JavaScript" sits inside strings or compressed streams and never counts) except
 * object streams, which hold dictionaries and are scanned after inflating.
 */
function scanPdf(bytes: Buffer, collect: boolean): PdfScan {
  const scan: PdfScan = { active: undefined, objectStreams: [] };
  // What the dictionary of the current object said: an object stream, compressed how.
  let objectStream = false;
  let filter = false;
  let flate = false;
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c === 0x25) {
      // A comment, to the end of the line.
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      for (; i < bytes.length; i++) {
        const s = bytes[i];
        if (s === 0x5c) i++;
        else if (s === 0x28) depth++;
        else if (s === 0x29 && --depth === 0) break;
      }
      i++;
    } else if (c === 0x3c && bytes[i + 1] === 0x3c) {
      // The start of a dictionary.
      i += 2;
    } else if (c === 0x3c) {
      // A hex string.
      const end = bytes.indexOf(0x3e, i);
      i = end < 0 ? bytes.length : end + 1;
    } else if (c === 0x2f) {
      let name = "";
      for (i++; i < bytes.length && !isDelimiter(bytes[i]!) && name.length < 128; i++) {
        const n = bytes[i]!;
        if (n === 0x23 && isHex(bytes[i + 1] ?? 0) && isHex(bytes[i + 2] ?? 0)) {
          name += String.fromCharCode(parseInt(bytes.toString("latin1", i + 1, i + 3), 16));
          i += 2;
        } else name += String.fromCharCode(n);
      }
      scan.active = activePdfNames.get(name);
      if (scan.active) return scan;
      if (name === "ObjStm") objectStream = true;
      if (name === "Filter") filter = true;
      if (name === "FlateDecode") flate = true;
    } else if (c >= 0x61 && c <= 0x7a) {
      let end = i;
      while (end < bytes.length && bytes[end]! >= 0x61 && bytes[end]! <= 0x7a) end++;
      const word = bytes.toString("latin1", i, end);
      i = end;
      if (word === "obj") objectStream = filter = flate = false;
      else if (word === "stream") {
        if (bytes[i] === 0x0d) i++;
        if (bytes[i] === 0x0a) i++;
        const close = bytes.indexOf("endstream", i, "latin1");
        const data = bytes.subarray(i, close < 0 ? bytes.length : close);
        if (collect && objectStream) {
          if (!filter) {
            scan.active = scanPdf(data, false).active;
          } else if (flate) {
            scan.objectStreams.push(data);
            if (scan.objectStreams.length > maxObjectStreams)
              throw new Refusal("resumeContent", "pdf-too-many-object-streams");
          } else throw new Refusal("resumeContent", "pdf-object-stream");
          if (scan.active) return scan;
        }
        i = close < 0 ? bytes.length : close + "endstream".length;
      }
    } else i++;
  }
  return scan;
}

/** Refuses a PDF with JavaScript, a launch action or an embedded file, in its body or its object streams. */
function checkPdf(bytes: Buffer): void {
  const outer = scanPdf(bytes, true);
  if (outer.active) throw new Refusal("resumeActive", outer.active);
  let inflated = 0;
  for (const stream of outer.objectStreams) {
    let objects: Buffer;
    try {
      // Inflated on this (the worker's) thread: each inflate sent to the thread pool costs a round
      // trip of some 60 µs whatever its size, and 5 MB of empty object streams (24 bytes each)
      // made 216,000 of them, which held the worker for its whole time limit.
      objects = inflateSync(stream, { maxOutputLength: maxReadBytes.pdf - inflated });
    } catch (error) {
      const tooLarge = Reflect.get(error as object, "code") === "ERR_BUFFER_TOO_LARGE";
      throw new Refusal("resumeContent", tooLarge ? "pdf-object-streams-too-large" : "pdf-object-stream");
    }
    inflated += objects.length;
    const inner = scanPdf(objects, false).active;
    if (inner) throw new Refusal("resumeActive", inner);
  }
}

/**
 * What a resume's bytes are: a PDF, a Word 97-2003 document or a DOCX, each read by its structure
 * and without code that runs or files that open when the document does; else why not. Runs in
 * the resume worker (`resume-check.ts`): every step here grows with the file's size.
 */
export async function inspectResume(bytes: Buffer): Promise<Inspection> {
  const detected = await fileTypeFromBuffer(bytes);
  let extension: ResumeExtension | undefined;
  if (detected?.mime === "application/pdf") extension = "pdf";
  else if (detected?.ext === "docx") extension = "docx";
  else if (detected?.ext === "cfb") extension = "doc";
  try {
    if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) await checkZip(bytes);
    if (!extension) throw new Refusal("resumeContent", `content-${detected?.ext ?? "unknown"}`);
    if (extension === "doc") checkDoc(bytes);
    if (extension === "pdf") checkPdf(bytes);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem, reason: error.reason };
    throw error;
  }
  return { ok: true, extension };
}
