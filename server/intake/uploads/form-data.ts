import busboy from "busboy";

// Reading a complete form body into fields and files. Pure: it runs on the server's thread for
// a small form post, and in the upload worker for a multipart body (server/intake/uploads/upload-workers.ts),
// whose boundary search over megabytes must not hold the event loop.

/** Why a request body could not be read; each maps to its status code. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 503,
    message: string,
  ) {
    super(message);
  }
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
  /**
   * Pieces a body may arrive in before they must average `pieceBytes` each. A slow link brings a
   * packet or more per read (over 500 bytes); chunked encoding lets a client cut a body into
   * one-byte chunks, and each piece costs the whole way through the streams and the parser: a
   * 64 KB lead sent a byte a chunk held the event loop for 160 ms at a time.
   */
  freePieces: 64,
  pieceBytes: 256,
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

export interface FormDataRules {
  /** The most bytes the body may have (a file cannot be larger). */
  maxBytes: number;
  /** The field names of the form (text fields and file fields). */
  known: ReadonlySet<string>;
}

/** Browsers write `"`, CR and LF in a multipart file name as %22, %0D and %0A; busboy leaves them. */
function fileName(sent: string): string {
  return sent.replace(/%(22|0D|0A)/gi, (_escape, code: string) => String.fromCharCode(parseInt(code, 16)));
}

/** Pieces of bytes joined in a buffer of their own, so they can be transferred to another thread. */
export function ownBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.byteLength, 0)));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/**
 * A whole form post or multipart body (`contentType` carries the checked boundary) into the
 * form's own fields and files, through busboy with a limit on every count and size: the first
 * limit reached refuses the body. Form "true"/"on" consent becomes true.
 */
export async function parseFormData(
  body: Uint8Array,
  contentType: string,
  { maxBytes, known }: FormDataRules,
): Promise<ParsedBody> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  let failure: BodyError | undefined;
  const fail = (error: BodyError) => {
    failure ??= error;
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
        fileSize: maxBytes,
        headerPairs: bodyLimits.partHeaders,
      },
    });
  } catch {
    throw new BodyError(400, "Malformed form data");
  }
  const pending: Promise<void>[] = [];
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new BodyError(413, "Field too large"));
    if (known.has(name) && !Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const parts: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => parts.push(chunk));
    stream.on("limit", () => fail(new BodyError(413, "File too large")));
    // Busboy fails a file cut off before its end with an error on the file's stream; an unheard
    // error event would end the whole process, so every file stream is listened to.
    stream.on("error", () => fail(new BodyError(400, "Malformed form data")));
    pending.push(
      new Promise((resolve) =>
        stream.on("close", () => {
          const bytes = ownBytes(parts);
          if (known.has(name) && bytes.byteLength > 0 && !Object.hasOwn(files, name))
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
  parser.end(body);
  await finished;
  await Promise.all(pending);
  if (failure) throw failure;
  if ("consent" in fields) fields.consent = fields.consent === "true" || fields.consent === "on";
  return { fields, files };
}
