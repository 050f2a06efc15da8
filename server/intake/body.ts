/** Why a request body could not be read; each maps to its status code. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
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

/** Reads at most `limit` bytes, whatever Content-Length claims. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BodyError(413, "Request body too large");
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyError(413, "Request body too large");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

/** More parts than any form of the site has (about 15 fields and one file). */
export const maxParts = 50;

/** Counts boundary lines (parts plus the closing one) without parsing them, stopping at `max`. */
export function countParts(bytes: Uint8Array, contentType: string, max: number): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = body.indexOf(marker); at !== -1 && count < max; at = body.indexOf(marker, at + marker.length))
    count += 1;
  return count;
}

/**
 * JSON, form-encoded or multipart into plain fields (form "true"/"on" consent becomes true).
 * A body with more than `maxParts` parts or fields is refused before it is parsed: parsing tens of
 * thousands of tiny parts would hold the event loop for seconds.
 */
export async function parseBody(request: Request, kind: BodyKind, limit: number): Promise<ParsedBody> {
  const bytes = await readLimited(request, limit);
  const contentType = request.headers.get("content-type") ?? "";
  if (kind === "multipart" && countParts(bytes, contentType, maxParts + 2) > maxParts + 1)
    throw new BodyError(413, "Too many parts");
  if (kind === "form" && bytes.filter((byte) => byte === 0x26).length >= maxParts)
    throw new BodyError(413, "Too many fields");
  if (kind === "json") {
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      throw new BodyError(400, "Malformed JSON");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new BodyError(400, "Expected a JSON object");
    return { fields: value as Record<string, unknown>, files: {} };
  }
  let form: FormData;
  try {
    form = await new Request("http://local/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: bytes,
    }).formData();
  } catch {
    throw new BodyError(400, "Malformed form data");
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      if (!(name in fields)) fields[name] = value;
    } else if (value.size > 0) files[name] = value;
  }
  if ("consent" in fields) fields.consent = fields.consent === "true" || fields.consent === "on";
  return { fields, files };
}
