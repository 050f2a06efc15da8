// Personal data encrypted at rest: AES-256-GCM in the app, one mechanism for SQLite (its file,
// WAL and resume files) and PostgreSQL (docs/decisions/0041-encrypted-at-rest.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import {
  InsertQueryNode,
  PrimitiveValueListNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";

/**
 * The submission columns that hold what a visitor typed or sent: sealed on insert, opened when
 * read. The rest (id, kind, status, office, locale, flags, dates, sizes) stay clear for queries.
 */
export const sealedColumns = [
  "name",
  "email",
  "phone",
  "message",
  "topic",
  "page",
  "details",
  "resume_name",
  "resume",
] as const;
const sealed = new Set<string>(sealedColumns);

/** A stored value that cannot be opened: the wrong key, or bytes changed since they were sealed. */
export class AtRestError extends Error {}

const textPrefix = "lfh-enc:1:";
/** A sealed resume file (or bytea value) begins with these bytes; a PDF or Word file never does. */
const bytesMagic = Buffer.from("LFHENC1\n", "latin1");
const nonceBytes = 12;
const tagBytes = 16;
const keyIdBytes = 12;

/** A key named by a hash of itself: the id travels with each value, the key never does. */
export interface AtRestKey {
  id: string;
  key: Buffer;
}

/** A 32-byte key, written as base64 (`openssl rand -base64 32`) or 64 hex digits. */
export function parseKey(text: string, setting: string): AtRestKey {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(trimmed) && key.toString("base64") !== trimmed))
    throw new Error(
      `${setting}: must be 32 random bytes written as base64 (make one with: openssl rand -base64 32) or as 64 hex digits`,
    );
  const id = createHash("sha256")
    .update("lfh at-rest key id\0")
    .update(key)
    .digest()
    .subarray(0, keyIdBytes)
    .toString("base64url");
  return { id, key };
}

/** The key new values are sealed with, and older ones still accepted for reading (rotation). */
export interface Keyring {
  current: AtRestKey;
  old: AtRestKey[];
}

export function keyById(keyring: Keyring, id: string): AtRestKey | undefined {
  return [keyring.current, ...keyring.old].find((key) => key.id === id);
}

/**
 * The bytes a cipher makes of `input`, a piece at a time. A 5 MB resume takes some 20 ms to seal
 * or open on this thread: `inTurns` lets the event loop serve pages and leads between pieces.
 */
function run(cipher: { update(data: Buffer): Buffer }, input: Buffer): Buffer[];
function run(cipher: { update(data: Buffer): Buffer }, input: Buffer, inTurns: true): Promise<Buffer[]>;
function run(cipher: { update(data: Buffer): Buffer }, input: Buffer, inTurns = false): Buffer[] | Promise<Buffer[]> {
  if (!inTurns) return [cipher.update(input)];
  return (async () => {
    const out: Buffer[] = [];
    for (let at = 0; at < input.length; at += pieceBytes) {
      if (at) await new Promise((resolve) => setImmediate(resolve));
      out.push(cipher.update(input.subarray(at, at + pieceBytes)));
    }
    return out;
  })();
}
const pieceBytes = 256 * 1024;

function encrypt(key: AtRestKey, purpose: string, plain: Buffer): Buffer;
function encrypt(key: AtRestKey, purpose: string, plain: Buffer, inTurns: true): Promise<Buffer>;
function encrypt(key: AtRestKey, purpose: string, plain: Buffer, inTurns = false): Buffer | Promise<Buffer> {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv("aes-256-gcm", key.key, nonce);
  // The column is authenticated with the value: a value moved into another column will not open.
  cipher.setAAD(Buffer.from(purpose));
  const finish = (body: Buffer[]) => {
    body.push(cipher.final());
    return Buffer.concat([nonce, cipher.getAuthTag(), ...body]);
  };
  return inTurns ? run(cipher, plain, true).then(finish) : finish(run(cipher, plain));
}

function decrypt(key: AtRestKey, purpose: string, sealedBytes: Buffer): Buffer;
function decrypt(key: AtRestKey, purpose: string, sealedBytes: Buffer, inTurns: true): Promise<Buffer>;
function decrypt(key: AtRestKey, purpose: string, sealedBytes: Buffer, inTurns = false): Buffer | Promise<Buffer> {
  if (sealedBytes.length < nonceBytes + tagBytes) throw new AtRestError(`A stored ${purpose} is cut short`);
  const decipher = createDecipheriv("aes-256-gcm", key.key, sealedBytes.subarray(0, nonceBytes));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(sealedBytes.subarray(nonceBytes, nonceBytes + tagBytes));
  const body = sealedBytes.subarray(nonceBytes + tagBytes);
  const finish = (out: Buffer[]) => {
    try {
      out.push(decipher.final());
    } catch {
      throw new AtRestError(
        `A stored ${purpose} sealed with key ${key.id} does not open with that key: the key is not the one it was sealed with, or the stored bytes were changed`,
      );
    }
    return Buffer.concat(out);
  };
  return inTurns ? run(decipher, body, true).then(finish) : finish(run(decipher, body));
}

/** `lfh-enc:1:<key id>:<base64url of nonce, tag and ciphertext>`. */
export function sealText(key: AtRestKey, purpose: string, value: string): string {
  return `${textPrefix}${key.id}:${encrypt(key, purpose, Buffer.from(value, "utf8")).toString("base64url")}`;
}

/** The key id a sealed text names, or undefined for a text that is not sealed. */
export function sealedTextKeyId(value: string): string | undefined {
  if (!value.startsWith(textPrefix)) return undefined;
  const id = value.slice(textPrefix.length, textPrefix.length + 16);
  return value[textPrefix.length + 16] === ":" ? id : undefined;
}

/**
 * A stored text as it was typed; a text that is not sealed as it is. One sealed with a key this
 * process does not hold (a server still running with the keys of before a rekey) is an error,
 * never handed on as ciphertext. A visitor's text that merely starts like a sealed one is sealed
 * whole with its row (at insert, or when a key is first set), so it never reaches this in clear.
 */
export function openText(keyring: Keyring, purpose: string, value: string): string {
  const id = sealedTextKeyId(value);
  if (id === undefined) return value;
  const key = keyById(keyring, id);
  if (!key)
    throw new AtRestError(
      `A stored ${purpose} is sealed with key ${id}, which neither DATABASE_KEY nor DATABASE_KEYS_OLD holds (restart the server after a rekey)`,
    );
  return decrypt(key, purpose, Buffer.from(value.slice(textPrefix.length + 17), "base64url")).toString("utf8");
}

/** Magic bytes, the key id (12 bytes), nonce, tag and ciphertext. */
export function sealBytes(key: AtRestKey, purpose: string, value: Buffer): Buffer {
  return Buffer.concat([bytesMagic, Buffer.from(key.id, "base64url"), encrypt(key, purpose, value)]);
}

/** sealBytes, a piece per turn of the event loop (a resume). */
export async function sealBytesInTurns(key: AtRestKey, purpose: string, value: Buffer): Promise<Buffer> {
  return Buffer.concat([bytesMagic, Buffer.from(key.id, "base64url"), await encrypt(key, purpose, value, true)]);
}

export function sealedBytesKeyId(value: Buffer): string | undefined {
  if (value.length < bytesMagic.length + keyIdBytes || !value.subarray(0, bytesMagic.length).equals(bytesMagic))
    return undefined;
  return value.subarray(bytesMagic.length, bytesMagic.length + keyIdBytes).toString("base64url");
}

function bytesKey(keyring: Keyring | undefined, purpose: string, id: string): AtRestKey {
  const key = keyring && keyById(keyring, id);
  if (!key)
    throw new AtRestError(
      `A stored ${purpose} is sealed with key ${id}, which neither DATABASE_KEY nor DATABASE_KEYS_OLD holds (restart the server after a rekey)`,
    );
  return key;
}

/** Stored bytes as they were sent; bytes that are not sealed (a resume kept before a key) as they are. */
export function openBytes(keyring: Keyring | undefined, purpose: string, value: Buffer): Buffer {
  const id = sealedBytesKeyId(value);
  if (id === undefined) return value;
  return decrypt(bytesKey(keyring, purpose, id), purpose, value.subarray(bytesMagic.length + keyIdBytes));
}

/** openBytes, a piece per turn of the event loop (a resume). */
export async function openBytesInTurns(keyring: Keyring | undefined, purpose: string, value: Buffer): Promise<Buffer> {
  const id = sealedBytesKeyId(value);
  if (id === undefined) return value;
  return decrypt(bytesKey(keyring, purpose, id), purpose, value.subarray(bytesMagic.length + keyIdBytes), true);
}

/**
 * A sealed column's value, sealed with `key` (null stays null). Bytes already sealed with it (a
 * resume sealed in turns before its insert) are left as they are: an upload never starts with
 * the magic bytes, the resume check takes only PDF and Word files.
 */
export function sealValue(key: AtRestKey, column: string, value: unknown): unknown {
  if (typeof value === "string") return sealText(key, column, value);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    return sealedBytesKeyId(bytes) === key.id ? bytes : sealBytes(key, column, bytes);
  }
  return value;
}

/** A sealed column's value as it was stored, opened (anything not sealed as it is). */
export function openValue(keyring: Keyring, column: string, value: unknown): unknown {
  if (typeof value === "string") return openText(keyring, column, value);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return openBytes(keyring, column, Buffer.from(value));
  return value;
}

/** openValue, with bytes (a resume in its row) opened a piece per turn of the event loop. */
async function openValueInTurns(keyring: Keyring, column: string, value: unknown): Promise<unknown> {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return openBytesInTurns(keyring, column, Buffer.from(value));
  return openValue(keyring, column, value);
}

function isSubmissionsInsert(node: RootOperationNode): node is InsertQueryNode {
  return InsertQueryNode.is(node) && node.into?.table.identifier.name === "submissions";
}

function sealRow(key: AtRestKey, columns: readonly string[], row: OperationNode): OperationNode {
  if (PrimitiveValueListNode.is(row))
    return PrimitiveValueListNode.create(
      row.values.map((value, i) => (sealed.has(columns[i] ?? "") ? sealValue(key, columns[i]!, value) : value)),
    );
  if (ValueListNode.is(row))
    return ValueListNode.create(
      row.values.map((value, i) => {
        const column = columns[i] ?? "";
        if (!sealed.has(column)) return value;
        if (!ValueNode.is(value))
          throw new AtRestError(`The ${column} column is sealed: insert a value, not an expression`);
        return ValueNode.create(sealValue(key, column, value.value));
      }),
    );
  throw new AtRestError("A submission is inserted in a form the store cannot seal");
}

/**
 * Seals every submission as it is inserted, with the current key, and opens every sealed value a
 * query returns, whatever selects it: every reader (the outbox, the leads command, the review
 * queue, a resume download) gets the values as typed and keeps its types. Values are never
 * sealed in an UPDATE: nothing rewrites what a visitor sent, except re-sealing (resealStore),
 * which works on the raw values.
 */
export function atRestPlugin(keyring: Keyring): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (!isSubmissionsInsert(node) || !node.values || !ValuesNode.is(node.values)) return node;
      const columns = (node.columns ?? []).map((column) => column.column.name);
      return InsertQueryNode.cloneWith(node, {
        values: ValuesNode.create(
          node.values.values.map((row) => sealRow(keyring.current, columns, row) as PrimitiveValueListNode),
        ),
      });
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (!result.rows.length) return result;
      const rows: UnknownRow[] = [];
      for (const row of result.rows) {
        let opened: UnknownRow | undefined;
        for (const column of sealedColumns)
          if (column in row) {
            const value = await openValueInTurns(keyring, column, row[column]);
            if (value !== row[column]) (opened ??= { ...row })[column] = value;
          }
        rows.push(opened ?? row);
      }
      return { ...result, rows };
    },
  };
}
