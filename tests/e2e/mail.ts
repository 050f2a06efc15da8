import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { e2e } from "./env";

export interface ReceivedMail {
  raw: string;
  headers: Record<string, string>;
  /** Every text part, decoded (quoted-printable or base64). */
  text: string;
  attachments: { filename: string; size: number }[];
}

/** RFC 2047 encoded words; adjacent words are joined as bytes (a character may span two words). */
function decodeWords(value: string): string {
  const word = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=)+/gi, (run) => {
    const bytes = [...run.matchAll(word)].map(([, enc, data = ""]) =>
      enc?.toLowerCase() === "b"
        ? Buffer.from(data, "base64")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ),
    );
    return Buffer.concat(bytes).toString("utf8");
  });
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

/** A small MIME reader: enough to check what the firm's inbox receives. */
export function parseMail(raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const texts: string[] = [];
  const attachments: ReceivedMail["attachments"] = [];
  const walk = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    const h = parseHeaders(part.slice(0, at));
    const body = part.slice(at).replace(/^\r?\n\r?\n/, "");
    const type = h["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const child of body.split(`--${boundary}`).slice(1))
        if (!child.startsWith("--")) walk(child.replace(/^\r?\n/, ""));
      return;
    }
    const filename = /filename="?([^";]+)"?/i.exec(h["content-disposition"] ?? "")?.[1];
    if (filename) attachments.push({ filename, size: Buffer.from(body.replace(/\s+/g, ""), "base64").length });
    else if (type.startsWith("text/")) texts.push(decodeBody(body, h["content-transfer-encoding"] ?? ""));
  };
  walk(raw);
  return { raw, headers, text: texts.join("\n"), attachments };
}

export function allMail(): ReceivedMail[] {
  return readdirSync(e2e.mailDir)
    .sort()
    .map((f) => parseMail(readFileSync(join(e2e.mailDir, f), "utf8")));
}

/** Waits until a message containing `marker` arrives (the outbox delivers asynchronously). */
export async function waitForMail(marker: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = allMail().find((m) => m.text.includes(marker));
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}
