// One backup of the lead store, for the nightly timer (deploy/systemd/lfh-backup.*): SQLite's
// online backup of the database (consistent while the server writes) and a copy of the resume
// files beside it, or pg_dump for PostgreSQL, into BACKUP_DIR/<date>/; backups older than
// BACKUP_KEEP_DAYS are removed. Copy BACKUP_DIR off the machine: a backup on the same disk does
// not survive the disk.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";

const databaseUrl = process.env.DATABASE_URL ?? "file:./data/leads.db";
const backupDir = resolve(process.env.BACKUP_DIR ?? "/var/lib/lfh/backups");
const keepDays = Number(process.env.BACKUP_KEEP_DAYS ?? 14);
const day = new Date().toISOString().slice(0, 10);
const target = join(backupDir, day);
mkdirSync(target, { recursive: true, mode: 0o700 });

if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
  const dump = spawnSync("pg_dump", ["--format=custom", `--file=${join(target, "leads.pgdump")}`, databaseUrl], {
    stdio: "inherit",
  });
  if (dump.status !== 0) process.exit(1);
} else {
  const file = resolve(databaseUrl.replace(/^file:(\/\/)?/, ""));
  const db = new Database(file, { readonly: true, fileMustExist: true });
  await db.backup(join(target, "leads.db"));
  db.close();
  const resumes = join(dirname(file), "resumes");
  if (existsSync(resumes)) cpSync(resumes, join(target, "resumes"), { recursive: true });
}

const cutoff = Date.now() - keepDays * 86_400_000;
for (const name of readdirSync(backupDir))
  if (/^\d{4}-\d{2}-\d{2}$/.test(name) && Date.parse(name) < cutoff)
    rmSync(join(backupDir, name), { recursive: true, force: true });
console.log(JSON.stringify({ event: "backup.done", dir: target }));
