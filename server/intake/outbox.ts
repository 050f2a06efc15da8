import type { Kysely } from "kysely";
import { log } from "../log";
import { leadMessage, type Mailer } from "./mail";
import { withBusyRetry, type Database } from "./store";

export interface OutboxOptions {
  from: string;
  to: string;
  pollMs?: number;
  /** How long a claimed row belongs to a worker; a worker that died lets it go after this. */
  leaseMs?: number;
  /**
   * This worker's name (INSTANCE_ID). Its leases carry it, so the same instance restarted after a
   * crash takes its own rows back at once instead of waiting for the lease to run out.
   */
  owner: string;
  now?: () => Date;
}

/** Exponential backoff: 5 s, 10 s, 20 s ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers accepted submissions to the firm's inbox, at least once. Rows live in the database,
 * so a restart between accepting and delivering loses nothing; a row is marked sent only after
 * the mail server accepted the message. A crash between those two steps sends the message again
 * after the restart, with the same Message-ID (derived from the lead), so mail systems can
 * recognise the copy (docs/decisions/0002).
 */
export function startOutbox(db: Kysely<Database>, mailer: Mailer, options: OutboxOptions) {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 120_000;
  const claimBatch = 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const owner = options.owner;
  /** Leases this instance held when it last stopped (killed mid-delivery) are released first. */
  const ready = db
    .updateTable("outbox")
    .set({ lease_until: null, lease_owner: null })
    .where("lease_owner", "=", owner)
    .where("sent_at", "is", null)
    .executeTakeFirst()
    .then((result) => {
      const released = Number(result.numUpdatedRows);
      if (released) log("outbox.reclaimed", { rows: released });
    })
    .catch((error: unknown) =>
      log("outbox.error", { message: (error instanceof Error ? error.message : String(error)).slice(0, 200) }),
    );
  let running: Promise<void> = ready;

  /** Leases up to `claimBatch` due rows in one statement; the conditional update is the lock. */
  async function claim() {
    const at = now().toISOString();
    const due = await db
      .selectFrom("outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .orderBy("id")
      .limit(claimBatch)
      .execute();
    if (!due.length) return [];
    // Only one worker wins a row: another instance that leased it first makes the update skip it.
    const claimed = await db
      .updateTable("outbox")
      .set({ lease_until: new Date(now().getTime() + leaseMs).toISOString(), lease_owner: owner })
      .where(
        "id",
        "in",
        due.map((row) => row.id),
      )
      .where("sent_at", "is", null)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .returningAll()
      .execute();
    return claimed.sort((a, b) => a.id - b.id);
  }

  async function deliverDue(): Promise<number> {
    await ready;
    let delivered = 0;
    for (;;) {
      if (stopped) return delivered;
      const rows = await claim();
      if (!rows.length) return delivered;
      const submissions = await db
        .selectFrom("submissions")
        .selectAll()
        .where(
          "id",
          "in",
          rows.map((row) => row.submission_id),
        )
        .execute();
      const byId = new Map(submissions.map((submission) => [submission.id, submission]));
      for (const [index, row] of rows.entries()) {
        const submission = byId.get(row.submission_id);
        if (!submission) {
          await db.deleteFrom("outbox").where("id", "=", row.id).execute();
          continue;
        }
        if (stopped) {
          await releaseLeases(rows.slice(index));
          return delivered;
        }
        const started = Date.now();
        try {
          await mailer.send(leadMessage(submission, options.from, options.to));
        } catch (error) {
          const attempts = row.attempts + 1;
          const next = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
          const reason = (error as Error).message.slice(0, 300);
          await db
            .updateTable("outbox")
            .set({ attempts, next_attempt_at: next, lease_until: null, lease_owner: null, last_error: reason })
            .where("id", "=", row.id)
            .execute();
          log("lead.delivery_failed", {
            id: submission.id,
            attempts,
            retryAt: next,
            code: (error as { code?: string }).code ?? "error",
          });
          // The mail server is failing: the rest of this batch waits for the next round.
          await releaseLeases(rows.slice(index + 1));
          return delivered;
        }
        // Sent: record it, waiting out a lock held by another process rather than sending twice.
        await withBusyRetry(
          () =>
            db
              .updateTable("outbox")
              .set({
                sent_at: now().toISOString(),
                lease_until: null,
                lease_owner: null,
                attempts: row.attempts + 1,
                last_error: null,
              })
              .where("id", "=", row.id)
              .execute(),
          leaseMs / 2,
        );
        delivered += 1;
        log("lead.delivered", { id: submission.id, attempts: row.attempts + 1, ms: Date.now() - started });
      }
    }
  }

  /** Gives rows claimed but not attempted back, so the next round (or another worker) takes them. */
  async function releaseLeases(rows: { id: number }[]) {
    if (!rows.length) return;
    await db
      .updateTable("outbox")
      .set({ lease_until: null, lease_owner: null })
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .where("sent_at", "is", null)
      .execute();
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = deliverDue()
        .catch((error: unknown) => log("outbox.error", { message: (error as Error).message.slice(0, 200) }))
        .then(() => undefined)
        .finally(schedule);
    }, pollMs);
  }
  schedule();

  return {
    /** Delivers what is due now (used right after accepting a lead, and by tests). */
    kick(): Promise<number> {
      const next = running.then(() => deliverDue());
      running = next.then(
        () => undefined,
        () => undefined,
      );
      return next;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
