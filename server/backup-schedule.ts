import type { Kysely } from "kysely";
import { backupStore, latestBackup } from "./backup";
import { queueNotice, type Database } from "./intake/store";
import { log } from "./log";

/** The last backup, as /readyz shows it. */
export interface BackupStatus {
  ok: boolean;
  /** When it was taken (or failed). */
  at: string;
  bytes?: number;
  submissions?: number;
  error?: string;
}

/** Milliseconds from `now` to the next `HH:MM` UTC (a whole day when it is that minute now). */
export function msUntil(at: string, now: Date): number {
  const [hours = 0, minutes = 0] = at.split(":").map(Number);
  const next = new Date(now);
  next.setUTCHours(hours, minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

export interface BackupScheduleOptions {
  databaseUrl: string;
  dir: string;
  keep: number;
  /** `HH:MM`, UTC. */
  at: string;
  /** The store whose notices carry an alert to ALERT_TO when a backup fails. */
  db: Kysely<Database>;
  now?: () => Date;
}

/**
 * Takes a backup every day at `at` while the server runs, keeping the newest `keep`. Each is
 * logged (`backup.done` / `backup.failed`); a failure is also queued as a notice, which the
 * outbox sends to ALERT_TO like a delivery alert.
 */
export function scheduleBackups(options: BackupScheduleOptions) {
  const now = options.now ?? (() => new Date());
  let status: BackupStatus | undefined;
  void latestBackup(options.dir).then(
    (latest) => {
      if (latest && !status)
        status = {
          ok: true,
          at: latest.manifest.createdAt,
          bytes: latest.bytes,
          submissions: latest.manifest.submissions,
        };
    },
    () => undefined,
  );

  async function alert(at: string, message: string) {
    await queueNotice(options.db, {
      id: `backup:${at}`,
      subject: "The nightly backup of the leads failed",
      lines: [
        `The backup started at ${at} into ${options.dir} failed: ${message}`,
        "The leads themselves are safe in the store; only the copy is missing.",
        "",
        "Take one by hand once the cause is fixed (disk space, permissions, pg_dump on PATH): npm run backup",
      ],
      at,
    });
  }

  async function run(): Promise<BackupStatus> {
    const at = now().toISOString();
    try {
      const result = await backupStore(options.databaseUrl, options.dir, { keep: options.keep, now });
      status = {
        ok: true,
        at: result.manifest.createdAt,
        bytes: result.bytes,
        submissions: result.manifest.submissions,
      };
      log("backup.done", {
        dir: result.dir,
        bytes: result.bytes,
        submissions: result.manifest.submissions,
        resumes: result.manifest.resumes.count,
        ...(result.manifest.missing.length ? { resumesGone: result.manifest.missing.length } : {}),
      });
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      status = { ok: false, at, error: message };
      log("backup.failed", { dir: options.dir, message });
      await alert(at, message).catch((alertError: unknown) =>
        log("backup.alert_failed", { message: (alertError as Error).message.slice(0, 200) }),
      );
    }
    return status;
  }

  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = running.then(run).finally(plan);
      },
      msUntil(options.at, now()),
    );
    timer.unref();
  };
  plan();
  return {
    /** Takes a backup now (after any in progress). */
    run(): Promise<BackupStatus> {
      const next = running.then(run);
      running = next;
      return next;
    },
    status: () => status,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
