import type { Kysely } from "kysely";
import { log } from "../../log";
import { DeliveryError, type Deliverer, webhookId } from "../destinations/index";
import {
  queueNotice,
  readSubmission,
  withBusyRetry,
  type Database,
  type OutboxRow,
  type StoredSubmission,
} from "../store";
import { deadLetterNotice } from "./incidents";
import { errorCode, type LeaseQueue } from "./lease-queue";
import { judge, type Verdict } from "./retry-policy";

type Executor = Pick<Kysely<Database>, "insertInto">;

/**
 * Queues a lead for each destination, one outbox row per pair (an existing pair is left alone).
 * Called when a lead is accepted and when a held lead is released from review.
 */
export async function enqueueDeliveries(
  db: Executor,
  leads: readonly { id: string; queuedAt: string }[],
  destinations: readonly string[],
): Promise<void> {
  const rows = leads.flatMap((lead) =>
    destinations.map((destination) => ({
      submission_id: lead.id,
      destination,
      created_at: lead.queuedAt,
      attempts: 0,
      next_attempt_at: lead.queuedAt,
      lease_until: null,
      lease_owner: null,
      sent_at: null,
      failed_at: null,
      last_error: null,
    })),
  );
  if (rows.length)
    await db
      .insertInto("outbox")
      .values(rows)
      .onConflict((oc) => oc.columns(["submission_id", "destination"]).doNothing())
      .execute();
}

export interface DeliveryLanes {
  db: Kysely<Database>;
  deliveries: LeaseQueue<OutboxRow>;
  now: () => Date;
  leaseMs: number;
  maxAttempts: number;
  /** Deliveries of one batch under way at once, for destinations that do not set their own. */
  parallel: number;
  claimBatch: number;
  leadsCommand: string;
  /** Deliveries marked sent at `at` (the incidents watch for late ones). */
  delivered(rows: readonly OutboxRow[], at: string): void;
  /** Runs one delivery that stopping the outbox may abort. */
  abortable<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Waits for the accept path to be quiet (deliveries give way to visitors). */
  giveWay(): Promise<void>;
  stopped(): boolean;
}

/** A row the receiver took, and how long it took. */
type Done = { row: OutboxRow; ms: number };
/** Within this long of its receiver's answer a delivery is marked sent (a crash before sends it again). */
const markWithinMs = 200;

/**
 * "Sent" marks of one outbox. Deliveries the receiver took whose mark could not be written (the
 * database was away) are kept by row id and written before their destination's next claim, so
 * this instance never sends them again. Only a process that stops before the database returns
 * loses them (at-least-once).
 */
function createMarks(lanes: DeliveryLanes) {
  const unmarked = new Map<number, Done>();

  /**
   * Records deliveries as sent, a batch in one statement: with SQLite each commit is an fsync on
   * the server's thread, so a busy destination marks many rows at once rather than row by row. A
   * lock held by another process is waited out (for half a lease) rather than failing, which would
   * send again. A database that cannot be reached is not waited for: the caller keeps the marks
   * for when it answers again.
   */
  async function markSent(sent: readonly Done[]) {
    if (!sent.length) return;
    const at = lanes.now().toISOString();
    const ids = sent.map(({ row }) => row.id);
    await withBusyRetry(
      () => lanes.deliveries.complete(ids, { sent_at: at, attempts: (eb) => eb("attempts", "+", 1), last_error: null }),
      lanes.leaseMs / 2,
      { whileUnreachable: false },
    );
    for (const { row, ms } of sent)
      log("lead.delivered", { id: row.submission_id, destination: row.destination, attempts: row.attempts + 1, ms });
    lanes.delivered(
      sent.map(({ row }) => row),
      at,
    );
  }

  return {
    markSent,
    /** Marks now, or keeps the marks for later: the receiver has the lead either way. */
    markOrKeep: (batch: readonly Done[], destination: string) =>
      markSent(batch).catch((error: unknown) => {
        for (const done of batch) unmarked.set(done.row.id, done);
        log("outbox.mark_deferred", { destination, rows: batch.length, code: errorCode(error) });
      }),
    markOwed: async (destination: string) => {
      const sent = [...unmarked.values()].filter(({ row }) => row.destination === destination);
      if (!sent.length) return;
      await markSent(sent);
      for (const { row } of sent) unmarked.delete(row.id);
      log("outbox.marked_late", { destination, rows: sent.length });
    },
    /** A last try at the marks still owed (the outbox stops); what cannot be written now is sent again after a restart. */
    settle: async () => {
      if (!unmarked.size) return;
      await markSent([...unmarked.values()]).then(
        () => unmarked.clear(),
        (error: unknown) => log("outbox.unmarked_at_stop", { rows: unmarked.size, code: errorCode(error) }),
      );
    },
  };
}
type Marks = ReturnType<typeof createMarks>;

/** A failed attempt as the retry policy judged it: retried later, or dead-lettered with a notice to the firm. */
async function failed(
  lanes: DeliveryLanes,
  row: OutboxRow,
  verdict: Exclude<Verdict, { outcome: "sent" }>,
  error: unknown,
) {
  const { attempts, reason } = verdict;
  if (verdict.outcome === "dead") {
    const at = lanes.now().toISOString();
    await lanes.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("outbox")
        .set({ attempts, failed_at: at, lease_until: null, lease_owner: null, last_error: reason })
        .where("id", "=", row.id)
        .execute();
      await queueNotice(trx, { ...deadLetterNotice(row, verdict, lanes.leadsCommand), at });
    });
    log("lead.delivery_dead", { id: row.submission_id, destination: row.destination, attempts, reason });
    return;
  }
  const retryAt = verdict.at.toISOString();
  await lanes.deliveries.complete([row.id], { attempts, next_attempt_at: retryAt, last_error: reason });
  log("lead.delivery_failed", {
    id: row.submission_id,
    destination: row.destination,
    attempts,
    retryAt,
    ...(error instanceof DeliveryError ? { reason } : { code: errorCode(error) }),
  });
}

/** One attempt at one row: "sent", "failed" (temporary; the destination is struggling), "refused", "stopped", "gone". */
async function attempt(
  lanes: DeliveryLanes,
  deliverer: Deliverer,
  row: OutboxRow,
  submission: StoredSubmission | undefined,
) {
  if (!submission) {
    await lanes.db.deleteFrom("outbox").where("id", "=", row.id).execute();
    return "gone";
  }
  try {
    await lanes.abortable((signal) =>
      deliverer.deliver(submission, { webhookId: webhookId(submission.id, row.destination), signal }),
    );
    return "sent";
  } catch (error) {
    if (lanes.stopped()) {
      await lanes.deliveries.release([row.id]);
      return "stopped";
    }
    const verdict = judge(row, error, lanes.now(), { maxAttempts: lanes.maxAttempts });
    if (verdict.outcome === "sent") return "sent";
    await failed(lanes, row, verdict, error);
    return verdict.outcome === "dead" && verdict.permanent ? "refused" : "failed";
  }
}

async function submissionsOf(db: Kysely<Database>, rows: readonly OutboxRow[]) {
  const ids = rows.map((row) => row.submission_id);
  const submissions = await db.selectFrom("submissions").selectAll().where("id", "in", ids).execute();
  return new Map(submissions.map((submission) => [submission.id, readSubmission(submission)]));
}

/**
 * Delivers one claimed batch, up to `parallel` rows at once; each row is marked sent within
 * `markWithinMs` of its receiver's answer (a crash before that sends it again, same id). A
 * temporary failure means the destination is struggling: what has not started yet is given back
 * for a later round. Resolves with the count sent and whether the round should stop here.
 */
async function deliverBatch(lanes: DeliveryLanes, marks: Marks, deliverer: Deliverer, rows: readonly OutboxRow[]) {
  const byId = await submissionsOf(lanes.db, rows);
  const waiting = [...rows];
  const running = new Set<number>();
  let toMark: Done[] = [];
  let oldestToMark = 0;
  let marking = Promise.resolve();
  let halted = false;
  let sent = 0;
  // A mark that fails is kept for later rather than failing the lane: the receiver has the lead.
  const flush = () => {
    const batch = toMark;
    toMark = [];
    marking = marking.then(() => marks.markOrKeep(batch, deliverer.name));
    return marking;
  };
  const lane = async () => {
    while (!halted && !lanes.stopped()) {
      const row = waiting.shift();
      if (!row) return;
      running.add(row.id);
      const started = Date.now();
      const outcome = await attempt(lanes, deliverer, row, byId.get(row.submission_id)).finally(() =>
        running.delete(row.id),
      );
      if (outcome === "failed" || outcome === "stopped") halted = true;
      if (outcome !== "sent") continue;
      sent += 1;
      if (!toMark.length) oldestToMark = Date.now();
      toMark.push({ row, ms: Date.now() - started });
      // Marked together, but never left unmarked long: a crash re-sends what is unmarked.
      if (Date.now() - oldestToMark >= markWithinMs) await flush();
    }
  };
  const release = lanes.deliveries.keep(() => [
    ...toMark.map((u) => u.row.id),
    ...running,
    ...waiting.map((r) => r.id),
  ]);
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(deliverer.parallel ?? lanes.parallel, rows.length) }, lane),
  );
  try {
    await flush();
    await lanes.deliveries.release(waiting.map((r) => r.id));
  } finally {
    release();
  }
  for (const result of results) if (result.status === "rejected") throw result.reason;
  return { sent, halt: halted || lanes.stopped() };
}

/**
 * Each destination's deliveries: claims batches of its due rows, sends them through its
 * deliverer, and records what the retry policy makes of each answer. Each (lead, destination)
 * pair is its own row with its own retries, so a failing CRM never delays the email.
 */
export function createDeliveries(lanes: DeliveryLanes) {
  const marks = createMarks(lanes);
  /** Destinations whose last round failed part-way: their next round first gives stray leases back. */
  const interrupted = new Set<string>();

  /** Delivers what is due at one destination, batch after batch, until none is due or it struggles. */
  async function round(deliverer: Deliverer): Promise<number> {
    await marks.markOwed(deliverer.name);
    if (interrupted.has(deliverer.name)) {
      // A round that failed part-way (most often the database going away) can leave rows leased
      // to this instance but held by nobody: a claim whose answer was lost, a lease that could
      // not be given back. Between rounds a worker holds no lease but its unmarked deliveries.
      await lanes.deliveries.releaseHeld((eb) => eb("destination", "=", deliverer.name));
      interrupted.delete(deliverer.name);
    }
    let delivered = 0;
    while (!lanes.stopped()) {
      await lanes.giveWay();
      const rows = await lanes.deliveries.claim({
        where: (eb) => eb.and([eb("destination", "=", deliverer.name), eb("failed_at", "is", null)]),
        orderBy: ["next_attempt_at", "id"],
        limit: lanes.claimBatch,
      });
      if (!rows.length) break;
      const batch = await deliverBatch(lanes, marks, deliverer, rows);
      delivered += batch.sent;
      if (batch.halt) break;
    }
    return delivered;
  }

  return { round, settle: marks.settle, interrupted: (destination: string) => interrupted.add(destination) };
}
