// Online backups of the store and the resume files, their restore, and the nightly schedule
// (docs/decisions/0029-online-backups.md).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { isPostgresUrl } from "./intake/store";

/** What a backup holds, written beside it as manifest.json, so a restore can check it first. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: "sqlite" | "postgres";
  /** The store's copy: `leads.db` (SQLite) or `leads.dump` (pg_dump's custom format). */
  store: { file: string; bytes: number; sha256: string };
  submissions: number;
  /** Resumes the copied store holds: as files under `resumes/` (SQLite) or in its rows. */
  resumes: { count: number; bytes: number };
  /** Each resume file copied, by its name under `resumes/`. */
  files: { name: string; bytes: number; sha256: string }[];
  /** Resume files the copied store names that were gone when copied (purged while the backup ran). */
  missing: string[];
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  /** The backup's bytes: the store's copy and the resume files. */
  bytes: number;
}

const manifestName = "manifest.json";
const backupName = /^leads-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

function sqlitePath(url: string): string {
  return resolve(url.replace(/^file:(\/\/)?/, ""));
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function fileEntry(file: string) {
  return { bytes: (await stat(file)).size, sha256: await sha256(file) };
}

interface SqliteCopy {
  submissions: number;
  /** Resume files the copy names. */
  files: string[];
  /** Resumes kept in rows (stored before resume files existed). */
  inRows: { count: number; bytes: number };
}

/**
 * The SQLite part runs in a worker thread: `VACUUM INTO` reads the whole store in one read
 * transaction (a consistent snapshot that WAL lets writers go on past) and takes as long as the
 * store is big, which on the server's thread would hold every page and lead behind it. (The
 * backup API, from a connection other than the writer's, starts over whenever the server commits,
 * which under steady leads may never end.)
 */
const sqliteWorker = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
try {
  const source = new Database(workerData.source, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  source.prepare("VACUUM INTO ?").run(workerData.target);
  source.close();
  const copy = new Database(workerData.target);
  copy.pragma("journal_mode = DELETE");
  const check = copy.pragma("integrity_check", { simple: true });
  if (check !== "ok") throw new Error("the copy failed its integrity check: " + check);
  const submissions = copy.prepare("select count(*) as n from submissions").get().n;
  const files = copy.prepare("select resume_file as f from submissions where resume_file is not null").all().map((r) => r.f);
  const inRows = copy.prepare("select count(*) as count, coalesce(sum(length(resume)), 0) as bytes from submissions where resume is not null").get();
  copy.close();
  parentPort.postMessage({ submissions, files, inRows });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}`;

function copySqlite(source: string, target: string): Promise<SqliteCopy> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(sqliteWorker, { eval: true, workerData: { driver, source, target } });
    worker.once("message", (answer: SqliteCopy | { error: string }) => {
      if ("error" in answer) reject(new Error(answer.error));
      else resolvePromise(answer);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the backup worker stopped (${code})`)));
  });
}

/** The store first, then every resume file the copy names: nothing it refers to is missing. */
async function backupSqlite(databaseUrl: string, into: string): Promise<Omit<BackupManifest, "createdAt">> {
  const file = sqlitePath(databaseUrl);
  if (!existsSync(file)) throw new Error(`There is no store at ${file}`);
  const copy = await copySqlite(file, join(into, "leads.db"));
  await chmod(join(into, "leads.db"), 0o600);
  const resumeDir = join(dirname(file), "resumes");
  await mkdir(join(into, "resumes"), { mode: 0o700 });
  const files: BackupManifest["files"] = [];
  const missing: string[] = [];
  for (const name of copy.files) {
    // The row names the file after it was written whole (the file first, then the row).
    const target = join(into, "resumes", name);
    try {
      await copyFile(join(resumeDir, name), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      missing.push(name);
      continue;
    }
    await chmod(target, 0o600);
    files.push({ name, ...(await fileEntry(target)) });
  }
  const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return {
    format: 1,
    dialect: "sqlite",
    store: { file: "leads.db", ...(await fileEntry(join(into, "leads.db"))) },
    submissions: copy.submissions,
    resumes: { count: files.length + copy.inRows.count, bytes: fileBytes + copy.inRows.bytes },
    files,
    missing,
  };
}

/** A PostgreSQL URL without its password, and the password for the tools' environment (not their argv). */
function pgTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore (found on PATH); rejects with what it wrote to stderr. */
function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.once("error", (error) => reject(new Error(`${tool} could not be run (${error.message}); is it on PATH?`)));
    child.once("close", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${tool} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

async function pgCounts(client: pg.Client) {
  const { rows } = await client.query<{ submissions: string; resumes: string; bytes: string }>(
    "select count(*) as submissions, count(resume) as resumes, coalesce(sum(octet_length(resume)), 0) as bytes from submissions",
  );
  const row = rows[0]!;
  return { submissions: Number(row.submissions), resumes: { count: Number(row.resumes), bytes: Number(row.bytes) } };
}

/**
 * pg_dump in its custom format, from a snapshot this connection exports: the counts in the
 * manifest are read in that same snapshot, so they are exactly what the dump holds. Resumes are
 * in the rows on PostgreSQL, so the dump is the whole backup.
 */
async function backupPostgres(databaseUrl: string, into: string): Promise<Omit<BackupManifest, "createdAt">> {
  const target = pgTarget(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const counts = await pgCounts(client);
    const file = join(into, "leads.dump");
    await runPgTool(
      "pg_dump",
      ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${target.url}`],
      target.env,
    );
    await client.query("commit");
    await chmod(file, 0o600);
    return {
      format: 1,
      dialect: "postgres",
      store: { file: "leads.dump", ...(await fileEntry(file)) },
      ...counts,
      files: [],
      missing: [],
    };
  } finally {
    await client.end();
  }
}

/** `leads-2026-11-28T08-30-00-123Z`: sorts by time, and is a valid name on every file system. */
function backupFolderName(at: Date): string {
  return `leads-${at.toISOString().replace(/[:.]/g, "-")}`;
}

/**
 * Takes a backup of the store at `databaseUrl` into a new folder under `backupDir`, while the
 * server keeps taking leads. It is written under a hidden name and renamed once whole, so a
 * backup cut short never looks like one. Then only the newest `keep` backups are kept.
 */
export async function backupStore(
  databaseUrl: string,
  backupDir: string,
  options: { keep?: number; now?: () => Date } = {},
): Promise<BackupResult> {
  const createdAt = (options.now ?? (() => new Date()))();
  const name = backupFolderName(createdAt);
  const partial = join(backupDir, `.${name}.partial`);
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  await mkdir(partial, { mode: 0o700 });
  try {
    const body = isPostgresUrl(databaseUrl)
      ? await backupPostgres(databaseUrl, partial)
      : await backupSqlite(databaseUrl, partial);
    const manifest: BackupManifest = { ...body, createdAt: createdAt.toISOString() };
    await writeFile(join(partial, manifestName), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const dir = join(backupDir, name);
    await rename(partial, dir);
    if (options.keep) await pruneBackups(backupDir, options.keep, createdAt);
    return { dir, manifest, bytes: backupBytes(manifest) };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

function backupBytes(manifest: BackupManifest): number {
  return manifest.store.bytes + manifest.files.reduce((sum, f) => sum + f.bytes, 0);
}

/** The complete backups under `backupDir`, newest first. */
export async function listBackups(backupDir: string): Promise<string[]> {
  const names = await readdir(backupDir).catch(() => []);
  return names
    .filter((name) => backupName.test(name) && existsSync(join(backupDir, name, manifestName)))
    .sort()
    .reverse()
    .map((name) => join(backupDir, name));
}

/**
 * Removes all but the newest `keep` backups, and what a backup killed part way left a day or more
 * ago; resolves with the folders removed.
 */
export async function pruneBackups(backupDir: string, keep: number, now = new Date()): Promise<string[]> {
  const old = (await listBackups(backupDir)).slice(keep);
  const names = await readdir(backupDir).catch(() => []);
  for (const name of names.filter((n) => n.startsWith(".leads-") && n.endsWith(".partial"))) {
    const dir = join(backupDir, name);
    if (now.getTime() - (await stat(dir)).mtimeMs > 86_400_000) old.push(dir);
  }
  for (const dir of old) await rm(dir, { recursive: true, force: true });
  return old;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(dir, manifestName), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${dir}: not a backup this version can read`);
  return manifest;
}

/** The newest backup under `backupDir`, if any (for the health report after a restart). */
export async function latestBackup(backupDir: string): Promise<BackupResult | undefined> {
  const [dir] = await listBackups(backupDir);
  if (!dir) return undefined;
  const manifest = await readManifest(dir);
  return { dir, manifest, bytes: backupBytes(manifest) };
}

/** The target already holds a store: a restore replaces it only when told to (`--force`). */
export class TargetNotEmptyError extends Error {}

/** Checks every file of a backup against its manifest before anything is written. */
async function verifyFiles(dir: string, manifest: BackupManifest): Promise<void> {
  const expected = [
    { name: manifest.store.file, ...manifest.store },
    ...manifest.files.map((f) => ({ ...f, name: join("resumes", f.name) })),
  ];
  for (const entry of expected) {
    const path = join(dir, entry.name);
    if (!existsSync(path)) throw new Error(`The backup is incomplete: ${entry.name} is missing`);
    const actual = await fileEntry(path);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256)
      throw new Error(`The backup is damaged: ${entry.name} does not match its checksum in ${manifestName}`);
  }
}

function countsMatch(manifest: BackupManifest, found: { submissions: number; resumes: { count: number } }) {
  if (found.submissions !== manifest.submissions || found.resumes.count !== manifest.resumes.count)
    throw new Error(
      `The restored store holds ${found.submissions} submission(s) and ${found.resumes.count} resume(s); the backup's manifest lists ${manifest.submissions} and ${manifest.resumes.count}`,
    );
}

async function restoreSqlite(dir: string, manifest: BackupManifest, databaseUrl: string, force: boolean) {
  const file = sqlitePath(databaseUrl);
  const resumeDir = join(dirname(file), "resumes");
  const resumes = await readdir(resumeDir).catch(() => []);
  const holds = (existsSync(file) && (await stat(file)).size > 0) || resumes.length > 0;
  if (holds && !force)
    throw new TargetNotEmptyError(
      `${file} (or its resumes/ folder) already holds a store; restore into a new folder, or add --force to replace it (stop the server first)`,
    );
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await mkdir(resumeDir, { recursive: true, mode: 0o700 });
  // A replaced store's resumes that the backup does not name would stay on disk, named by nothing.
  const named = new Set(manifest.files.map((f) => f.name));
  for (const name of resumes.filter((n) => !named.has(n))) await rm(join(resumeDir, name), { force: true });
  for (const entry of manifest.files) {
    await copyFile(join(dir, "resumes", entry.name), join(resumeDir, entry.name));
    await chmod(join(resumeDir, entry.name), 0o600);
  }
  // The store last, under a temporary name renamed into place. A WAL or shared-memory file left by
  // the replaced store would be read as part of the new one, so they go first.
  const incoming = `${file}.restoring`;
  await copyFile(join(dir, manifest.store.file), incoming);
  await chmod(incoming, 0o600);
  await rm(`${file}-wal`, { force: true });
  await rm(`${file}-shm`, { force: true });
  await rename(incoming, file);
  const SQLite = (await import("better-sqlite3")).default;
  const restored = new SQLite(file, { fileMustExist: true });
  try {
    const submissions = (restored.prepare("select count(*) as n from submissions").get() as { n: number }).n;
    const rows = restored
      .prepare("select count(*) as n from submissions where resume is not null or resume_file is not null")
      .get() as { n: number };
    countsMatch(manifest, { submissions, resumes: { count: rows.n - manifest.missing.length } });
  } finally {
    restored.close();
  }
}

async function restorePostgres(dir: string, manifest: BackupManifest, databaseUrl: string, force: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const exists = await client.query<{ table: string | null }>("select to_regclass('public.submissions') as table");
    if (exists.rows[0]?.table) {
      const { submissions } = await pgCounts(client);
      if (submissions > 0 && !force)
        throw new TargetNotEmptyError(
          `The database already holds ${submissions} submission(s); restore into a new database, or add --force to replace it (stop the servers first)`,
        );
    }
    const target = pgTarget(databaseUrl);
    await runPgTool(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${target.url}`,
        join(dir, manifest.store.file),
      ],
      target.env,
    );
    countsMatch(manifest, await pgCounts(client));
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup in `dir` into the store at `databaseUrl` (a SQLite file, with its resumes/
 * folder beside it, or a PostgreSQL database): checks every file against the manifest first, and
 * the restored counts against it after. A target that already holds leads is left alone unless
 * `force`.
 */
export async function restoreBackup(
  dir: string,
  databaseUrl: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if ((manifest.dialect === "postgres") !== isPostgresUrl(databaseUrl))
    throw new Error(
      `This is a ${manifest.dialect === "postgres" ? "PostgreSQL" : "SQLite"} backup; DATABASE_URL names a ${isPostgresUrl(databaseUrl) ? "PostgreSQL database" : "SQLite file"}`,
    );
  await verifyFiles(dir, manifest);
  if (manifest.dialect === "postgres") await restorePostgres(dir, manifest, databaseUrl, options.force ?? false);
  else await restoreSqlite(dir, manifest, databaseUrl, options.force ?? false);
  return manifest;
}
