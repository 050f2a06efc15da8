import busboy from "busboy";

/** Why a request body could not be read; each maps to its status code. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 503,
    message: string,
  ) {
    super(message);
  }
}

export type BodyKind = "json" | "form" | "multipart";

export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
}

/**
 * What any body may hold, whatever the form. The forms have about a dozen fields and one file; a
 * cover letter of 10,000 characters is at most 30 KB of UTF-8.
 */
export const bodyLimits = {
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
} as const;

/** A file of a multipart body, its bytes in a buffer of their own (lent to a worker, not copied). */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface ParsedBody {
  /** Only the fields the form knows; anything else is counted and dropped. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

export interface BodyRules {
  /** The most bytes this kind of body may have on this route. */
  maxBytes: number;
  /** The field names of the form (text fields and file fields). */
  known: ReadonlySet<string>;
  /** Counts each chunk against the bytes all requests in progress may hold; false: no room now. */
  take?: (bytes: number) => boolean;
}

const tooLarge = () => new BodyError(413, "Request body too large");

/** The request body as chunks, refused past `limit` bytes whatever Content-Length claims. */
async function* chunks(request: Request, limit: number, take?: BodyRules["take"]): AsyncGenerator<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch {
        // The connection closed or was cut before the body ended: this request fails alone.
        throw new BodyError(400, "Request body incomplete");
      }
      const { done, value } = read;
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      if (take && !take(value.byteLength)) throw new BodyError(503, "Too many uploads in progress");
      yield value;
    }
  } finally {
    // Stops reading on a refusal; the answer closes the connection (server/app.ts).
    await reader.cancel().catch(() => undefined);
  }
}

/** A multipart boundary: 1 to 70 of RFC 2046's characters, not ending in a space. */
function validBoundary(value: string): boolean {
  return value.length <= 70 && /^[0-9A-Za-z'()+_,\-./:=? ]+$/.test(value) && !value.endsWith(" ");
}

/**
 * The Content-Type of a multipart body, read strictly: exactly one `boundary` parameter, valid,
 * and nothing else a browser would not send. A parameter a parser could read two ways
 * (`xboundary=A; boundary=B`, two boundaries) is refused rather than guessed at.
 */
export function multipartContentType(contentType: string): string {
  const malformed = () => new BodyError(400, "Malformed multipart/form-data Content-Type: one valid boundary required");
  if (contentType.length > bodyLimits.contentTypeLength) throw malformed();
  const [type, ...parameters] = contentType.split(";");
  let boundary: string | undefined;
  for (const parameter of parameters) {
    const trimmed = parameter.trim();
    const equals = trimmed.indexOf("=");
    if (equals < 0 || trimmed.slice(0, equals).toLowerCase() !== "boundary" || boundary !== undefined)
      throw malformed();
    const raw = trimmed.slice(equals + 1);
    boundary = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    if (!validBoundary(boundary)) throw malformed();
  }
  if (boundary === undefined) throw malformed();
  return `${type!.trim()}; boundary="${boundary}"`;
}

/** Browsers write `"`, CR and LF in a multipart file name as %22, %0D and %0A; busboy leaves them. */
function fileName(sent: string): string {
  return sent.replace(/%(22|0D|0A)/gi, (_escape, code: string) => String.fromCharCode(parseInt(code, 16)));
}

function parseJson(bytes: Uint8Array, known: ReadonlySet<string>): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new BodyError(400, "Malformed JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BodyError(400, "Expected a JSON object");
  const entries = Object.entries(value);
  if (entries.length > bodyLimits.fields) throw new BodyError(413, "Too many fields");
  const fields: Record<string, unknown> = {};
  for (const [name, field] of entries) if (known.has(name)) fields[name] = field;
  return { fields, files: {} };
}

/**
 * A form post or a multipart body, streamed through busboy with a limit on every count and size:
 * the first limit reached refuses the request and stops reading, so ten thousand tiny parts cost
 * no more than thirty.
 */
async function parseForm(request: Request, contentType: string, rules: BodyRules): Promise<ParsedBody> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  // Set from the parser's events: the first limit or error reached.
  const state: { failure?: BodyError } = {};
  const fail = (error: BodyError) => {
    state.failure ??= error;
  };
  const raise = () => {
    if (state.failure) throw state.failure;
  };
  let parser: busboy.Busboy;
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
        fileSize: rules.maxBytes,
        headerPairs: bodyLimits.partHeaders,
      },
    });
  } catch {
    throw new BodyError(400, "Malformed form data");
  }
  const pending: Promise<void>[] = [];
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new BodyError(413, "Field too large"));
    if (rules.known.has(name) && !Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const parts: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => parts.push(chunk));
    stream.on("limit", () => fail(new BodyError(413, "File too large")));
    // Busboy fails a file cut off before its end (the parser is stopped mid-file on any refusal
    // or a lost connection) with an error on the file's stream: one unheard error event would
    // end the whole process, so every file stream is listened to.
    stream.on("error", () => fail(new BodyError(400, "Request body incomplete")));
    pending.push(
      new Promise((resolve) =>
        stream.on("close", () => {
          const bytes = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.byteLength, 0)));
          let offset = 0;
          for (const part of parts) {
            bytes.set(part, offset);
            offset += part.byteLength;
          }
          if (rules.known.has(name) && bytes.byteLength > 0 && !Object.hasOwn(files, name))
            files[name] = { name: fileName(info.filename ?? ""), type: info.mimeType, bytes };
          resolve();
        }),
      ),
    );
  });
  for (const event of ["partsLimit", "filesLimit", "fieldsLimit"] as const)
    parser.on(event, () => fail(new BodyError(413, "Too many parts")));
  const finished = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      fail(new BodyError(400, "Malformed form data"));
      resolve();
    });
  });
  try {
    for await (const chunk of chunks(request, rules.maxBytes, rules.take)) {
      if (state.failure) break;
      if (!parser.write(chunk)) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
    }
  } catch (error) {
    parser.destroy();
    throw error;
  }
  if (state.failure) parser.destroy();
  raise();
  parser.end();
  await finished;
  await Promise.all(pending);
  raise();
  if ("consent" in fields) fields.consent = fields.consent === "true" || fields.consent === "on";
  return { fields, files };
}

/**
 * JSON, form-encoded or multipart into the form's own fields (form "true"/"on" consent becomes
 * true), every size and count bounded before or while it is read.
 */
export async function parseBody(request: Request, kind: BodyKind, rules: BodyRules): Promise<ParsedBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (kind === "json") {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks(request, rules.maxBytes, rules.take)) parts.push(chunk);
    return parseJson(Buffer.concat(parts), rules.known);
  }
  return parseForm(request, kind === "multipart" ? multipartContentType(contentType) : contentType, rules);
}
