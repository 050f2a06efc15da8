import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "kysely";
import type { Store, SubmissionStatus } from "./store";

export interface PurgeResult {
  submissions: number;
  /** Resume files and `.eml` copies removed. */
  files: number;
  /** Resume bytes no longer held (for the upload cap). */
  resumeBytes: number;
}

/**
 * `.eml` names the file mailer writes: `<ms since 1970>-<message id without <>@>.eml`, where a
 * lead's message id is `lead-<uuid>@<domain>`.
 */
const emlName = /^(\d{1,15})-(?:lead-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?[^/]*\.eml$/;

async function removeFiles(paths: string[]): Promise<number> {
  let removed = 0;
  for (const path of paths)
    await unlink(path).then(
      () => (removed += 1),
      () => undefined,
    );
  return removed;
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

/**
 * Deletes every submission received before `cutoff`, and leaves nothing of it readable: its
 * outbox rows, its resume file, the `.eml` copies the file mailer wrote of it (and every other
 * `.eml` older than the cutoff, such as review digests). SQLite overwrites deleted content
 * (secure_delete) and the WAL is checkpointed and truncated, so the old pages are gone from both
 * files; PostgreSQL rewrites the two tables (VACUUM FULL), so no dead row version stays in their files.
 */
export async function purgeOlderThan(
  store: Store,
  cutoff: Date,
  mailDir: string,
  /** `only`: just submissions of these statuses (and only their own .eml copies). */
  { only }: { only?: readonly SubmissionStatus[] } = {},
): Promise<PurgeResult> {
  const { db } = store;
  const before = cutoff.toISOString();
  const statuses = only ?? [];
  const doomed = await db
    .selectFrom("submissions")
    .select(["id", "resume_file", "resume_size"])
    .where("created_at", "<", before)
    .$if(only !== undefined, (qb) => qb.where("status", "in", statuses))
    .execute();
  if (doomed.length) {
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("outbox")
        .where(
          "submission_id",
          "in",
          trx
            .selectFrom("submissions")
            .select("id")
            .where("created_at", "<", before)
            .$if(only !== undefined, (qb) => qb.where("status", "in", statuses)),
        )
        .execute();
      await trx
        .deleteFrom("submissions")
        .where("created_at", "<", before)
        .$if(only !== undefined, (qb) => qb.where("status", "in", statuses))
        .execute();
    });
    if (store.dialect === "sqlite") await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    // A plain VACUUM frees dead rows' space but leaves their bytes in the pages until reused;
    // FULL writes the tables anew and removes the old files.
    else await sql`VACUUM FULL submissions, outbox`.execute(db);
  }
  const ids = new Set(doomed.map((row) => row.id));
  const resumeFiles = store.resumeDir
    ? doomed.flatMap((row) => (row.resume_file ? [join(store.resumeDir!, row.resume_file)] : []))
    : [];
  const mail = (await listDir(mailDir)).filter((name) => {
    const match = emlName.exec(name);
    if (match === null) return false;
    return (match[2] !== undefined && ids.has(match[2])) || (only === undefined && Number(match[1]) < cutoff.getTime());
  });
  const files = await removeFiles([...resumeFiles, ...mail.map((name) => join(mailDir, name))]);
  const resumeBytes = doomed.reduce((sum, row) => sum + (row.resume_size ?? 0), 0);
  return { submissions: doomed.length, files, resumeBytes };
}

/** Runs the purge once a day (and once at start) while the server runs, when PURGE_AFTER_DAYS is set. */
export function schedulePurge(run: () => Promise<void>, intervalMs = 86_400_000): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(run);
  };
  const first = setTimeout(tick, 1000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
