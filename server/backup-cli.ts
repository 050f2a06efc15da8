// `npm run backup` and `npm run restore -- FOLDER`: the store and its resume files, copied while
// the server runs, and put back. Uses DATABASE_URL and BACKUP_DIR like the server.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { backupStore, restoreBackup } from "./backup";
import type { CliIo } from "./leads-cli";
import { runIfScript } from "./run-if-script";
import { loadConfiguredEnv } from "./env-file";

const usage = `Usage:
  npm run backup [-- --dir FOLDER]          a consistent copy of the store and the resume files, taken while
                                            the server runs, into a new folder under FOLDER (default BACKUP_DIR);
                                            keeps the newest BACKUP_KEEP there
  npm run restore -- FOLDER [--force]       checks the backup in FOLDER against its manifest and restores it
                                            into DATABASE_URL (a new SQLite file, or an empty PostgreSQL
                                            database); --force replaces a store that already holds leads`;

const processIo: CliIo = {
  env: process.env,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** Runs `backup` or `restore`; resolves with the exit code (2: bad usage, 1: failed). */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const say = (line: string) => io.out(`${line}\n`);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { dir: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, folder] = positionals;
  if (values.help || (command !== "backup" && command !== "restore")) {
    if (values.help) io.out(`${usage}\n`);
    else io.err(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const env = loadConfiguredEnv(io.env);
  try {
    if (command === "backup") {
      const dir = values.dir ?? env.BACKUP_DIR;
      if (!dir) {
        io.err(`Say where: set BACKUP_DIR or pass --dir FOLDER\n\n${usage}\n`);
        return 2;
      }
      const {
        dir: written,
        manifest,
        bytes,
      } = await backupStore(env.DATABASE_URL, resolve(dir), {
        keep: env.BACKUP_KEEP,
      });
      say(
        `Backed up ${manifest.submissions} submission(s) and ${manifest.resumes.count} resume(s), ${megabytes(bytes)}, to ${written}`,
      );
      if (manifest.missing.length)
        say(`${manifest.missing.length} resume file(s) were deleted while the backup ran (purged): not in it.`);
      return 0;
    }
    if (!folder) {
      io.err(`restore needs the backup's folder\n\n${usage}\n`);
      return 2;
    }
    const manifest = await restoreBackup(resolve(folder), env.DATABASE_URL, { force: values.force ?? false });
    say(
      `Restored ${manifest.submissions} submission(s) and ${manifest.resumes.count} resume(s) from the backup of ${manifest.createdAt}; every file matched its checksum.`,
    );
    return 0;
  } catch (error) {
    io.err(`${command === "backup" ? "Backup" : "Restore"} failed: ${(error as Error).message}\n`);
    return 1;
  }
}

runIfScript(import.meta.url, main);
