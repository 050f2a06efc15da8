import { BodyError, bodyLimits, Exhausted, inWorker, ownBytes, parseFormData, type ParsedBody } from "../uploads/index";

export type BodyKind = "json" | "form" | "multipart";

export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
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

/**
 * The whole request body, refused past `limit` bytes whatever Content-Length claims, in a buffer
 * of its own (so it can be lent to the upload worker). Each chunk is counted against `take` as it
 * arrives. On a refusal reading stops; the answer closes the connection (server/app.ts).
 */
async function readBody(
  request: Request,
  limit: number,
  { take }: Pick<BodyRules, "take">,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let pieces = 0;
  if (request.body) {
    const reader = request.body.getReader();
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
        if (done) break;
        size += value.byteLength;
        pieces += 1;
        if (size > limit) throw tooLarge();
        if (pieces > bodyLimits.freePieces && size < pieces * bodyLimits.pieceBytes)
          throw new BodyError(400, "Request body sent in too many small pieces");
        if (take && !take(value.byteLength)) throw new BodyError(503, "Too many uploads in progress");
        chunks.push(value);
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
  return ownBytes(chunks);
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

/** A multipart body's fields and file, parsed in the upload worker. */
async function parseMultipart(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  rules: BodyRules,
): Promise<ParsedBody> {
  let answer;
  try {
    answer = await inWorker({
      task: "form-data",
      body,
      contentType,
      rules: { maxBytes: rules.maxBytes, known: rules.known },
    });
  } catch (error) {
    if (error instanceof Exhausted) throw new BodyError(400, "Malformed form data");
    throw error;
  }
  if ("parsed" in answer) return answer.parsed;
  if ("refused" in answer) throw new BodyError(answer.refused.status, answer.refused.message);
  throw new Error("error" in answer ? answer.error : "unexpected answer from the upload worker");
}

/**
 * JSON, form-encoded or multipart into the form's own fields (form "true"/"on" consent becomes
 * true), every size and count bounded before or while it is read.
 */
export async function parseBody(request: Request, kind: BodyKind, rules: BodyRules): Promise<ParsedBody> {
  const contentType = request.headers.get("content-type") ?? "";
  // A malformed boundary is refused before a byte of the body is read.
  const multipart = kind === "multipart" ? multipartContentType(contentType) : undefined;
  const body = await readBody(request, rules.maxBytes, rules);
  if (kind === "json") return parseJson(body, rules.known);
  if (multipart) return parseMultipart(body, multipart, rules);
  return parseFormData(body, contentType, rules);
}
