// server/intake/upload-worker.ts
import { parentPort } from "node:worker_threads";

// server/intake/form-data.ts
import busboy from "busboy";
var BodyError = class extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  status;
};
var bodyLimits = {
  /** Fields and files together (parts of a multipart body, pairs of a form, keys of JSON). */
  fields: 30,
  /** One field's value, in bytes. */
  fieldBytes: 64 * 1024,
  /** Headers of one multipart part (a browser sends two). */
  partHeaders: 8,
  /** A field's name, in bytes. */
  fieldNameBytes: 100,
  /** The longest Content-Type header read for a boundary. */
  contentTypeLength: 200,
  /**
   * Pieces a body may arrive in before they must average `pieceBytes` each. A slow link brings a
   * packet or more per read (over 500 bytes); chunked encoding lets a client cut a body into
   * one-byte chunks, and each piece costs the whole way through the streams and the parser: a
   * 64 KB lead sent a byte a chunk held the event loop for 160 ms at a time.
   */
  freePieces: 64,
  pieceBytes: 256
};
function fileName(sent) {
  return sent.replace(/%(22|0D|0A)/gi, (_escape, code) => String.fromCharCode(parseInt(code, 16)));
}
function ownBytes(parts) {
  const bytes = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.byteLength, 0)));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
async function parseFormData(body, contentType, { maxBytes, known }) {
  const fields = {};
  const files = {};
  let failure;
  const fail = (error) => {
    failure ??= error;
  };
  let parser;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        parts: bodyLimits.fields,
        fields: bodyLimits.fields,
        files: 1,
        fieldSize: bodyLimits.fieldBytes,
        fieldNameSize: bodyLimits.fieldNameBytes,
        // The body limit bounds the file; a file over the resume limit but within the body limit
        // reaches the resume check, which tells the visitor the limit in their language.
        fileSize: maxBytes,
        headerPairs: bodyLimits.partHeaders
      }
    });
  } catch {
    throw new BodyError(400, "Malformed form data");
  }
  const pending = [];
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new BodyError(413, "Field too large"));
    if (known.has(name) && !Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const parts = [];
    stream.on("data", (chunk) => parts.push(chunk));
    stream.on("limit", () => fail(new BodyError(413, "File too large")));
    stream.on("error", () => fail(new BodyError(400, "Malformed form data")));
    pending.push(
      new Promise(
        (resolve) => stream.on("close", () => {
          const bytes = ownBytes(parts);
          if (known.has(name) && bytes.byteLength > 0 && !Object.hasOwn(files, name))
            files[name] = { name: fileName(info.filename ?? ""), type: info.mimeType, bytes };
          resolve();
        })
      )
    );
  });
  for (const event of ["partsLimit", "filesLimit", "fieldsLimit"])
    parser.on(event, () => fail(new BodyError(413, "Too many parts")));
  const finished = new Promise((resolve) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      fail(new BodyError(400, "Malformed form data"));
      resolve();
    });
  });
  parser.end(body);
  await finished;
  await Promise.all(pending);
  if (failure) throw failure;
  if ("consent" in fields) fields.consent = fields.consent === "true" || fields.consent === "on";
  return { fields, files };
}

// server/intake/upload.ts
import { inflateSync } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import yauzl from "yauzl";
var maxInflatedBytes = 50 * 1024 * 1024;
var maxReadBytes = { pdf: 8 * 1024 * 1024, docx: 4 * 1024 * 1024 };
var maxObjectStreams = 1e4;
var maxZipEntries = 2e3;
var maxInspectedPartBytes = 1024 * 1024;
var Refusal = class extends Error {
  constructor(problem, reason) {
    super(reason);
    this.problem = problem;
    this.reason = reason;
  }
  problem;
  reason;
};
var hyperlinkType = "/relationships/hyperlink";
var embeddedType = /\/(oleObject|package|control|activeXControlBinary)$/i;
var embeddedFolder = /(^|\/)(embeddings|activeX)\//i;
var relationship = /<Relationship\b[^<>]*>/g;
var externalMode = /\bTargetMode\s*=\s*["']External["']/;
var relationshipType = /\bType\s*=\s*["']([^"']*)["']/;
function inspectPart(name, text) {
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
async function checkZip(bytes, limit = maxInflatedBytes) {
  let zip;
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
      compressed += entry.compressedSize;
      if (compressed > bytes.length) throw new Refusal("resumeContent", "zip-overlapping-entries");
      if (/(^|\/)vbaProject\.bin$/i.test(entry.fileName)) throw new Refusal("resumeActive", "docx-macros");
      if (embeddedFolder.test(entry.fileName)) throw new Refusal("resumeActive", "docx-embedded-object");
      const inspect = entry.fileName === "[Content_Types].xml" || entry.fileName.endsWith(".rels");
      if (inspect && entry.uncompressedSize > maxInspectedPartBytes)
        throw new Refusal("resumeContent", "zip-part-too-large");
      if (inspect) inspected += entry.uncompressedSize;
      if (inspected > maxReadBytes.docx) throw new Refusal("resumeContent", "zip-parts-too-large");
      const chunks = [];
      try {
        const stream = await zip.openReadStreamPromise(entry);
        for await (const chunk of stream) if (inspect) chunks.push(chunk);
      } catch {
        throw new Refusal("resumeContent", "zip-bad-entry");
      }
      if (inspect) inspectPart(entry.fileName, Buffer.concat(chunks).toString("utf8"));
    }
  } catch (error) {
    throw error instanceof Refusal ? error : new Refusal("resumeContent", "zip-bad-directory");
  } finally {
    zip.close();
  }
}
function readCompoundFile(bytes) {
  const malformed = () => new Refusal("resumeContent", "cfb-unreadable");
  if (bytes.length < 512) throw malformed();
  const major = bytes.readUInt16LE(26);
  const shift = bytes.readUInt16LE(30);
  if (!(major === 3 && shift === 9) && !(major === 4 && shift === 12)) throw malformed();
  const size = 1 << shift;
  const count = Math.floor(bytes.length / size) - 1;
  const perSector = size / 4;
  const valid = (sector) => sector >= 0 && sector < count;
  const int = (sector, index) => bytes.readInt32LE((sector + 1) * size + index * 4);
  const tableSectors = [];
  for (let i = 0; i < 109; i++) tableSectors.push(bytes.readInt32LE(76 + 4 * i));
  const listed = /* @__PURE__ */ new Set();
  for (let sector = bytes.readInt32LE(68); valid(sector) && !listed.has(sector); sector = int(sector, perSector - 1)) {
    listed.add(sector);
    for (let i = 0; i < perSector - 1; i++) tableSectors.push(int(sector, i));
  }
  const next = (sector) => {
    const table = tableSectors[Math.floor(sector / perSector)];
    return table !== void 0 && valid(table) ? int(table, sector % perSector) : -1;
  };
  const chain = (start, limit = count) => {
    const sectors = [];
    for (let sector = start; valid(sector) && sectors.length < Math.min(limit, count); sector = next(sector))
      sectors.push(sector);
    return sectors;
  };
  const entries = [];
  for (const sector of chain(bytes.readInt32LE(48)))
    for (let offset = (sector + 1) * size; offset < (sector + 2) * size; offset += 128) {
      const nameBytes = Math.min(bytes.readUInt16LE(offset + 64), 64);
      entries.push({
        name: bytes.toString("utf16le", offset, offset + Math.max(0, nameBytes - 2)),
        type: bytes[offset + 66],
        child: bytes.readInt32LE(offset + 76),
        start: bytes.readInt32LE(offset + 116),
        size: bytes.readUInt32LE(offset + 120)
      });
    }
  const root = entries[0];
  const cutoff = bytes.readUInt32LE(56);
  function head(entry) {
    let at;
    if (entry.size >= cutoff) {
      if (!valid(entry.start)) return Buffer.alloc(0);
      at = (entry.start + 1) * size;
    } else {
      const offset = entry.start * 64;
      const sector = root && entry.start >= 0 ? chain(root.start, Math.floor(offset / size) + 1)[Math.floor(offset / size)] : void 0;
      if (sector === void 0) return Buffer.alloc(0);
      at = (sector + 1) * size + offset % size;
    }
    return bytes.subarray(at, at + Math.min(64, entry.size));
  }
  return { entries, head };
}
function checkDoc(bytes) {
  const { entries, head } = readCompoundFile(bytes);
  const word = entries.find((entry) => entry.type === 2 && entry.name === "WordDocument");
  const content = word ? head(word) : void 0;
  const ident = content && content.length >= 2 ? content.readUInt16LE(0) : 0;
  if (ident !== 42476 && ident !== 42460) throw new Refusal("resumeContent", "doc-no-word-stream");
  if (entries.some((entry) => entry.name === "Macros" || entry.name === "_VBA_PROJECT_CUR"))
    throw new Refusal("resumeActive", "doc-macros");
  const inside = (entry) => entries[entry.child]?.type ?? 0;
  if (entries.some((entry) => entry.name === "ObjectPool" && entry.type === 1 && inside(entry) !== 0))
    throw new Refusal("resumeActive", "doc-embedded-object");
}
var activePdfNames = /* @__PURE__ */ new Map([
  ["JS", "pdf-active-content"],
  ["JavaScript", "pdf-active-content"],
  ["Launch", "pdf-active-content"],
  ["EmbeddedFile", "pdf-embedded-file"],
  ["EmbeddedFiles", "pdf-embedded-file"],
  ["EF", "pdf-embedded-file"],
  ["FileAttachment", "pdf-embedded-file"],
  ["GoToE", "pdf-embedded-file"],
  ["RichMedia", "pdf-rich-media"]
]);
var isWhite = (c) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0;
var isDelimiter = (c) => isWhite(c) || "()<>[]{}/%".includes(String.fromCharCode(c));
var isHex = (c) => c >= 48 && c <= 57 || c >= 65 && c <= 70 || c >= 97 && c <= 102;
function scanPdf(bytes, collect) {
  const scan = { active: void 0, objectStreams: [] };
  let objectStream = false;
  let filter = false;
  let flate = false;
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c === 37) {
      while (i < bytes.length && bytes[i] !== 10 && bytes[i] !== 13) i++;
    } else if (c === 40) {
      let depth = 0;
      for (; i < bytes.length; i++) {
        const s = bytes[i];
        if (s === 92) i++;
        else if (s === 40) depth++;
        else if (s === 41 && --depth === 0) break;
      }
      i++;
    } else if (c === 60 && bytes[i + 1] === 60) {
      i += 2;
    } else if (c === 60) {
      const end = bytes.indexOf(62, i);
      i = end < 0 ? bytes.length : end + 1;
    } else if (c === 47) {
      let name = "";
      for (i++; i < bytes.length && !isDelimiter(bytes[i]) && name.length < 128; i++) {
        const n = bytes[i];
        if (n === 35 && isHex(bytes[i + 1] ?? 0) && isHex(bytes[i + 2] ?? 0)) {
          name += String.fromCharCode(parseInt(bytes.toString("latin1", i + 1, i + 3), 16));
          i += 2;
        } else name += String.fromCharCode(n);
      }
      scan.active = activePdfNames.get(name);
      if (scan.active) return scan;
      if (name === "ObjStm") objectStream = true;
      if (name === "Filter") filter = true;
      if (name === "FlateDecode") flate = true;
    } else if (c >= 97 && c <= 122) {
      let end = i;
      while (end < bytes.length && bytes[end] >= 97 && bytes[end] <= 122) end++;
      const word = bytes.toString("latin1", i, end);
      i = end;
      if (word === "obj") objectStream = filter = flate = false;
      else if (word === "stream") {
        if (bytes[i] === 13) i++;
        if (bytes[i] === 10) i++;
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
function checkPdf(bytes) {
  const outer = scanPdf(bytes, true);
  if (outer.active) throw new Refusal("resumeActive", outer.active);
  let inflated = 0;
  for (const stream of outer.objectStreams) {
    let objects;
    try {
      objects = inflateSync(stream, { maxOutputLength: maxReadBytes.pdf - inflated });
    } catch (error) {
      const tooLarge = Reflect.get(error, "code") === "ERR_BUFFER_TOO_LARGE";
      throw new Refusal("resumeContent", tooLarge ? "pdf-object-streams-too-large" : "pdf-object-stream");
    }
    inflated += objects.length;
    const inner = scanPdf(objects, false).active;
    if (inner) throw new Refusal("resumeActive", inner);
  }
}
async function inspectResume(bytes) {
  const detected = await fileTypeFromBuffer(bytes);
  let extension;
  if (detected?.mime === "application/pdf") extension = "pdf";
  else if (detected?.ext === "docx") extension = "docx";
  else if (detected?.ext === "cfb") extension = "doc";
  try {
    if (bytes.length >= 4 && bytes.readUInt32LE(0) === 67324752) await checkZip(bytes);
    if (!extension) throw new Refusal("resumeContent", `content-${detected?.ext ?? "unknown"}`);
    if (extension === "doc") checkDoc(bytes);
    if (extension === "pdf") checkPdf(bytes);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem, reason: error.reason };
    throw error;
  }
  return { ok: true, extension };
}

// server/intake/upload-workers.ts
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
var taskTimeoutMs = 2e4;
var workerHeapMb = 128;
function workerEntry() {
  if (!import.meta.url.endsWith(".ts")) return new URL("./upload-worker.mjs", import.meta.url);
  const source = new URL("./upload-worker.ts", import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
var Exhausted = class extends Error {
};
function lent(message) {
  if ("bytes" in message) return [message.bytes];
  if ("body" in message) return [message.body.buffer];
  if ("parsed" in message) return Object.values(message.parsed.files).map((file) => file.bytes.buffer);
  return [];
}
function ask(worker, task) {
  return new Promise((resolve, reject) => {
    const finish = (error, answer2) => {
      clearTimeout(timer);
      worker.off("message", answered).off("error", failed).off("exit", exited);
      if (answer2) resolve(answer2);
      else reject(error ?? new Error("upload worker gave no answer"));
    };
    const answered = (answer2) => finish(void 0, answer2);
    const failed = (error) => finish(Reflect.get(error, "code") === "ERR_WORKER_OUT_OF_MEMORY" ? new Exhausted(error.message) : error);
    const exited = (code) => finish(new Error(`upload worker exited with ${code}`));
    const timer = setTimeout(() => finish(new Exhausted(`${task.task} timed out`)), taskTimeoutMs);
    worker.on("message", answered).on("error", failed).on("exit", exited);
    worker.postMessage(task, lent(task));
  });
}
function createPool(size) {
  const idle = [];
  const waiting = [];
  let busy = 0;
  function start() {
    const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    const retire = () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    };
    worker.on("error", retire).on("exit", retire);
    return worker;
  }
  async function lend(task) {
    const worker = idle.pop() ?? start();
    worker.ref();
    try {
      const answer2 = await ask(worker, task);
      worker.unref();
      idle.push(worker);
      return answer2;
    } catch (error) {
      void worker.terminate();
      throw error;
    }
  }
  return async function run(task) {
    if (busy >= size) await new Promise((turn) => waiting.push(turn));
    busy += 1;
    try {
      return await lend(task);
    } finally {
      busy -= 1;
      waiting.shift()?.();
    }
  };
}
var inWorker = createPool(Math.max(1, Math.min(2, availableParallelism() - 1)));

// server/intake/upload-worker.ts
var port = parentPort;
if (!port) throw new Error("upload-worker runs as a worker thread");
async function answer(task) {
  try {
    if (task.task === "inspect")
      return { task: "inspect", inspection: await inspectResume(Buffer.from(task.bytes)), bytes: task.bytes };
    return { task: "form-data", parsed: await parseFormData(task.body, task.contentType, task.rules) };
  } catch (error) {
    if (error instanceof BodyError && (error.status === 400 || error.status === 413))
      return { refused: { status: error.status, message: error.message } };
    return { error: error.message ?? String(error) };
  }
}
port.on("message", (task) => {
  void answer(task).then((reply) => port.postMessage(reply, lent(reply)));
});
//# sourceMappingURL=upload-worker.mjs.map
