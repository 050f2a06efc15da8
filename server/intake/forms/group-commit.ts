import type { Kysely } from "kysely";
import { enqueueDeliveries } from "../outbox/index";
import { urgentNotice } from "../destinations/index";
import {
  queueNotice,
  StoreBusyError,
  StoreFullError,
  storeFullCode,
  withBusyRetry,
  type Database,
  type NewSubmission,
} from "../store";

interface Pending {
  submission: NewSubmission;
  /** Whether the submission is queued for delivery (accepted ones; held ones wait for release). */
  deliver: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Rows per transaction. With SQLite the whole transaction, its fsync and the answers of its
 * leads run in one turn of the event loop: 200 leads at once held it for over 100 ms, and every
 * page waited. 32 keep a turn to about 20 ms on a slow disk and still share one fsync among many
 * leads (well under SQLite's bound-parameter limit too, 18 columns per row).
 */
export const groupCommitBatch = 32;

/**
 * Group commit: the submissions of every request handled in one turn of the event loop are written
 * in one transaction (the write waits for `setImmediate`, after the loop has read all pending
 * requests), `groupCommitBatch` at most, one batch per turn, so one fsync covers many leads under
 * load and a lone lead waits for nothing. Each caller's promise resolves only after the
 * transaction holding its row has committed, so "answered 201" still means "on disk".
 * A failed batch is retried row by row, so one bad row cannot fail its neighbours. While another
 * process holds SQLite's write lock, or while PostgreSQL cannot be reached, the batch retries on
 * timers (the event loop keeps serving), and after the retry budget every caller gets
 * StoreBusyError or StoreUnreachableError (the API answers 503).
 */
export function createGroupCommit(db: Kysely<Database>, destinations: readonly string[], busyBudgetMs = 1000) {
  let queue: Pending[] = [];
  let scheduled = false;

  async function write(batch: Pending[], { afterLostConnection }: { afterLostConnection: boolean }): Promise<void> {
    // The error that failed the transaction, kept: when SQLite has already rolled back by itself
    // (a full disk does that), the library's own rollback fails with "cannot rollback" and its
    // error would hide the real one.
    let failure: unknown;
    try {
      await db.transaction().execute(async (trx) => {
        try {
          const insert = trx.insertInto("submissions").values(batch.map((p) => p.submission));
          // After a lost connection an id already stored is this very batch, committed by the attempt
          // whose answer never came back: its leads are kept, and failing them now would say otherwise.
          await (afterLostConnection ? insert.onConflict((oc) => oc.column("id").doNothing()) : insert).execute();
          await enqueueDeliveries(
            trx,
            batch.filter((p) => p.deliver).map((p) => ({ id: p.submission.id, queuedAt: p.submission.created_at })),
            destinations,
          );
          // An urgent lead also alerts the firm at once, in the same transaction: stored means alerted.
          for (const p of batch) {
            const notice = p.deliver ? urgentNotice(p.submission) : undefined;
            if (notice) await queueNotice(trx, notice);
          }
        } catch (error) {
          failure = error;
          throw error;
        }
      });
    } catch (error) {
      const cause = failure ?? error;
      const full = storeFullCode(cause);
      throw full ? new StoreFullError(full) : cause;
    }
  }

  async function drain(): Promise<void> {
    for (let first = true; queue.length; first = false) {
      // Between batches the loop takes its turn: the connections and pages waiting are served.
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.slice(0, groupCommitBatch);
      queue = queue.slice(batch.length);
      try {
        await withBusyRetry((retry) => write(batch, retry), busyBudgetMs);
        for (const p of batch) p.resolve();
      } catch (error) {
        if (batch.length === 1 || error instanceof StoreBusyError || error instanceof StoreFullError)
          for (const p of batch) p.reject(error);
        else
          for (const p of batch)
            await withBusyRetry((retry) => write([p], retry), busyBudgetMs).then(
              () => p.resolve(),
              (single: unknown) => p.reject(single),
            );
      }
    }
    scheduled = false;
  }

  return {
    /** Resolves once the submission (and its outbox row) is committed. */
    insert(submission: NewSubmission, deliver: boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        queue.push({ submission, deliver, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => void drain());
      });
    },
  };
}
