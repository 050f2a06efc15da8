// The store's keys: which keys its data is sealed with, sealing rows kept before a key was set,
// and re-sealing everything with a new key (docs/decisions/0041-encrypted-at-rest.md).
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import {
  AtRestError,
  keyById,
  openBytes,
  openValue,
  sealBytes,
  sealedBytesKeyId,
  sealedColumns,
  sealValue,
  type Keyring,
} from "./at-rest";
import type { Database, Store } from "./store";

/** Each key that has sealed data in this store has a row `at-rest:<key id>` in server_keys. */
const registryPrefix = "at-rest:";

function lostKeyMessage(ids: string[]): string {
  return `The store holds personal data sealed with key ${ids.join(", ")}, which neither DATABASE_KEY nor DATABASE_KEYS_OLD holds. Set DATABASE_KEY (or DATABASE_KEYS_OLD) to that key; without it the data sealed with it cannot be read by anyone (README, Encryption at rest).`;
}

/**
 * Checked before the store serves anything: a store sealed with keys this process does not hold
 * is refused with a plain message (no garbage read, no half-sealed store), then the current key
 * is recorded and rows kept in clear (before a key was set, or by a process without one) are sealed.
 */
export async function checkStoreKeys(
  raw: Kysely<Database>,
  keyring: Keyring | undefined,
  resumeDir: string | undefined,
): Promise<{ rows: number; files: number }> {
  const registered = await raw
    .selectFrom("server_keys")
    .select("name")
    .where("name", "like", `${registryPrefix}%`)
    .execute();
  const ids = registered.map((row) => row.name.slice(registryPrefix.length));
  if (!keyring) {
    if (ids.length)
      throw new AtRestError(
        `The store's personal data is encrypted (key ${ids.join(", ")}), and DATABASE_KEY is not set: set it to the store's key.`,
      );
    return { rows: 0, files: 0 };
  }
  const missing = ids.filter((id) => !keyById(keyring, id));
  if (missing.length) throw new AtRestError(lostKeyMessage(missing));
  await raw
    .insertInto("server_keys")
    .values({ name: `${registryPrefix}${keyring.current.id}`, key: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return resealStore({ raw, keyring, resumeDir }, "clear");
}

/** A resume file rewritten sealed with the current key (whole, through a rename), if it is not already. */
async function resealFile(keyring: Keyring, path: string): Promise<boolean> {
  const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    // Purged meanwhile: nothing left to seal.
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!bytes || sealedBytesKeyId(bytes) === keyring.current.id) return false;
  const sealedFile = sealBytes(keyring.current, "resume", openBytes(keyring, "resume", bytes));
  await writeFile(`${path}.sealing`, sealedFile, { mode: 0o600 });
  await rename(`${path}.sealing`, path);
  return true;
}

const batch = 100;

/**
 * Seals rows with the current key: `clear`, the rows kept in clear; `all`, every row not sealed
 * with the current key yet (rotation), after which the other keys are forgotten. Each row is
 * rewritten only if it has not changed since it was read, so a server running meanwhile loses
 * nothing. A row's `details` (JSON the server writes, never a visitor's text) tells how it is sealed.
 */
export async function resealStore(
  store: { raw: Kysely<Database>; keyring: Keyring; resumeDir: string | undefined },
  which: "clear" | "all",
): Promise<{ rows: number; files: number }> {
  const { raw, keyring, resumeDir } = store;
  const pattern = which === "clear" ? "lfh-enc:1:%" : `lfh-enc:1:${keyring.current.id}:%`;
  let rows = 0;
  let files = 0;
  let skipped = new Set<string>();
  for (;;) {
    const found = await raw
      .selectFrom("submissions")
      .select(["id", "resume_file", ...sealedColumns])
      .where("details", "not like", pattern)
      .$if(skipped.size > 0, (q) => q.where("id", "not in", [...skipped]))
      .orderBy("id")
      .limit(batch)
      .execute();
    if (!found.length) break;
    for (const row of found) {
      if (row.resume_file && resumeDir && (await resealFile(keyring, join(resumeDir, row.resume_file)))) files += 1;
      // A row in clear is sealed as it is (a visitor's text that looks sealed included).
      const values = Object.fromEntries(
        sealedColumns.map((column) => [
          column,
          sealValue(keyring.current, column, which === "clear" ? row[column] : openValue(keyring, column, row[column])),
        ]),
      );
      const updated = await raw
        .updateTable("submissions")
        .set(values)
        .where("id", "=", row.id)
        .where("details", "=", row.details)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) rows += 1;
      // Changed under us (another process sealed it): the next query shows it sealed or not.
      else skipped = new Set([...skipped, row.id]);
    }
  }
  if (which === "all")
    await raw
      .deleteFrom("server_keys")
      .where("name", "like", `${registryPrefix}%`)
      .where("name", "!=", `${registryPrefix}${keyring.current.id}`)
      .execute();
  return { rows, files };
}

/**
 * After rows were rewritten sealed: their earlier versions (in clear, or sealed with a key being
 * retired) no longer sit in the store's files. SQLite overwrites freed pages itself
 * (secure_delete) and here empties its WAL. PostgreSQL keeps each old row version in the table's
 * files until a VACUUM, and a plain VACUUM only marks the space reusable, bytes untouched: FULL
 * writes the table anew and unlinks the old files (it locks the table meanwhile, well under a
 * second for a year of leads; decision 0049). Its WAL segments keep the old versions until they
 * are recycled and overwritten, as do WAL archives and backups until they rotate out.
 */
export async function dropOldRowVersions(raw: Kysely<Database>, dialect: Store["dialect"]): Promise<void> {
  if (dialect === "sqlite") await sql`pragma wal_checkpoint(TRUNCATE)`.execute(raw);
  else await sql`VACUUM FULL submissions`.execute(raw);
}

/** Rotation: every row and resume file sealed with DATABASE_KEY; DATABASE_KEYS_OLD is no longer needed. */
export async function rekeyStore(store: Pick<Store, "db" | "dialect" | "resumeDir" | "keyring">) {
  if (!store.keyring) throw new AtRestError("DATABASE_KEY is not set: there is no key to seal the store with.");
  const raw = store.db.withoutPlugins();
  const result = await resealStore({ raw, keyring: store.keyring, resumeDir: store.resumeDir }, "all");
  await dropOldRowVersions(raw, store.dialect);
  return result;
}
