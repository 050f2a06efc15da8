import type { Kysely } from "kysely";
import { log } from "../log";
import { createArrivals, giveWay, type Arrivals } from "./arrivals";
import { DeliveryError, type Deliverer } from "./deliverer";
import {
  isStoreUnreachable,
  queueNotice,
  readSubmission,
  withBusyRetry,
  type Bookkeeping,
  type Database,
  type NoticeRow,
  type OutboxRow,
  type StoredSubmission,
} from "./store";
import { webhookId } from "./webhook";

export interface OutboxOptions {
  pollMs?: number;
  /**
   * How long a claimed row belongs to a worker. The worker renews it while a delivery is under
   * way, so only a worker that died lets a row go, after this long.
   */
  leaseMs?: number;
  /**
   * This worker's name (INSTANCE_ID). Its leases carry it, so the same instance restarted after a
   * crash takes its own rows back at once instead of waiting for the lease to run out.
   */
  owner: string;
  /** Attempts at one destination before the lead is dead-lettered there. */
  maxAttempts: number;
  /** Minutes a destination may keep failing (or be slow) before the firm is alerted. */
  alertAfterMinutes: number;
  /**
   * A lead not delivered to a destination this long after it was queued counts as failing there
   * (SLOW_DELIVERY_SECONDS): a receiver that holds some messages for a minute makes every lead
   * behind them late without a single error.
   */
  slowAfterSeconds?: number;
  /**
   * Where notices to the firm go (ALERT_TO: the email, each webhook named), each sent and retried
   * on its own: a channel that is down never keeps a notice from the others.
   */
  alertChannels: readonly AlertChannel[];
  now?: () => Date;
  /**
   * Runs the outbox's frequent writes (claims, lease renewals, "sent" and "retry at" marks); the
   * store's `bookkeeping` writes them without waiting for the disk (see Store).
   */
  bookkeeping?: Bookkeeping;
  /** Deliveries of one batch under way at once, for destinations that do not set their own. */
  parallel?: number;
  /**
   * The longest a destination's worker waits before a batch while the accept path is at work (a
   * request reached it within the last 100 ms): under a burst the accept path keeps the thread,
   * and the outbox catches up once the burst is over.
   */
  busyPauseMs?: number;
  /** Requests reaching the accept path, which deliveries give way to (none are counted without it). */
  arrivals?: Arrivals;
  /**
   * How an alert spells the leads command it tells the firm to run (default `npm run leads --`):
   * with the server's settings file named, so it runs against the same store and destinations.
   */
  leadsCommand?: string;
}

export interface AlertChannel {
  /** `email`, or the webhook destination's name. */
  name: string;
  send(notice: { id: string; subject: string; body: string }, signal: AbortSignal): Promise<void>;
}

/** How long after its last late delivery a slow destination counts as calm again (its incident ends). */
export const calmAfterMs = 5 * 60_000;

/** Exponential backoff, 5 s doubling to one hour, with jitter so retries of many rows spread out. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base / 2 + (random() * base) / 2);
}

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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);
const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : "error";

/** Runs `round` now or right after the one in progress; never two at once, never a pile of them. */
function serialRounds(round: () => Promise<number>) {
  let current: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const kick = (): Promise<number> => {
    if (!current) {
      current = round().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return kick();
    });
    return queued;
  };
  return { kick, idle: () => Promise.all([current, queued]).then(() => undefined) };
}

/**
 * Delivers accepted submissions to every destination, at least once. Each (lead, destination) pair
 * is its own row with its own retries, and each destination its own worker: a failing CRM never
 * delays the email, nor the email a CRM. Rows live in the database, so a restart loses nothing; a
 * row is marked sent only after the receiver accepted it. A crash between those two steps sends
 * again after the restart with the same Message-ID / webhook-id (docs/decisions/0002, 0009).
 */
export function startOutbox(db: Kysely<Database>, deliverers: readonly Deliverer[], options: OutboxOptions) {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 120_000;
  const claimBatch = 50;
  const nudgeMs = 50;
  const markWithinMs = 200;
  const parallel = options.parallel ?? 8;
  const busyPauseMs = options.busyPauseMs ?? 1000;
  const owner = options.owner;
  const leadsCommand = options.leadsCommand ?? "npm run leads --";
  const slowMs = (options.slowAfterSeconds ?? 120) * 1000;
  /** When this instance last marked a delivery sent later than `slowMs` after it was queued, per destination. */
  const lastLate = new Map<string, number>();
  const bookkeeping = options.bookkeeping ?? (<T>(write: (db: Kysely<Database>) => Promise<T>) => write(db));
  let stopped = false;
  const arrivals = options.arrivals ?? createArrivals();
  const timers = new Set<NodeJS.Timeout>();
  /** Pauses between batches; stopping ends them. */
  const pauses = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pauses.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pauses.add(done);
    });
  /** Deliveries under way; stopping aborts the ones that can be aborted (HTTP). */
  const inFlight = new Set<AbortController>();
  const leaseUntil = () => new Date(now().getTime() + leaseMs).toISOString();

  /**
   * Records deliveries as sent, a batch in one statement: with SQLite each commit is an fsync on
   * the server's thread, so a busy destination marks many rows at once rather than row by row. A
   * lock held by another process is waited out (for half a lease) rather than failing, which would
   * send again. A database that cannot be reached is not waited for: the caller keeps the marks
   * (`unmarked`) for when it answers again.
   */
  async function markSent(sent: readonly { row: OutboxRow; ms: number }[]) {
    if (!sent.length) return;
    const at = now().toISOString();
    await withBusyRetry(
      () =>
        bookkeeping((db) =>
          db
            .updateTable("outbox")
            .set((eb) => ({
              sent_at: at,
              lease_until: null,
              lease_owner: null,
              attempts: eb("attempts", "+", 1),
              last_error: null,
            }))
            .where(
              "id",
              "in",
              sent.map(({ row }) => row.id),
            )
            .execute(),
        ),
      leaseMs / 2,
      { whileUnreachable: false },
    );
    for (const { row, ms } of sent) {
      log("lead.delivered", { id: row.submission_id, destination: row.destination, attempts: row.attempts + 1, ms });
      if (Date.parse(at) - Date.parse(row.created_at) > slowMs) lastLate.set(row.destination, Date.parse(at));
    }
  }

  /**
   * Deliveries the receiver took whose "sent" mark could not be written (the database was away),
   * by row id: marked before the destination's next claim, so this instance never sends them
   * again. Only a process that stops before the database returns loses them (at-least-once).
   */
  const unmarked = new Map<number, { row: OutboxRow; ms: number }>();

  async function markUnmarked(destination: string) {
    const sent = [...unmarked.values()].filter(({ row }) => row.destination === destination);
    if (!sent.length) return;
    await markSent(sent);
    for (const { row } of sent) unmarked.delete(row.id);
    log("outbox.marked_late", { destination, rows: sent.length });
  }

  /**
   * Leases this instance held when it last stopped (killed mid-delivery) are released before its
   * first claim; tried again each round until the database has answered once.
   */
  let released: Promise<void> | undefined;
  const releaseOwnLeases = () =>
    (released ??= Promise.all([
      db
        .updateTable("outbox")
        .set({ lease_until: null, lease_owner: null })
        .where("lease_owner", "=", owner)
        .where("sent_at", "is", null)
        .executeTakeFirst(),
      db
        .updateTable("notices")
        .set({ lease_until: null, lease_owner: null })
        .where("lease_owner", "=", owner)
        .where("sent_at", "is", null)
        .executeTakeFirst(),
    ]).then(
      ([rows]) => {
        const count = Number(rows.numUpdatedRows);
        if (count) log("outbox.reclaimed", { rows: count });
      },
      (error: unknown) => {
        released = undefined;
        throw error;
      },
    ));

  /**
   * A round that failed part-way (most often the database going away) can leave rows of its
   * destination leased to this instance but held by nobody: a claim whose answer was lost, a
   * lease that could not be given back. Between rounds a worker holds no lease but its unmarked
   * deliveries, so the next round gives those rows back at once rather than after the lease.
   */
  async function releaseStrayLeases(destination: string) {
    await bookkeeping((db) =>
      db
        .updateTable("outbox")
        .set({ lease_until: null, lease_owner: null })
        .where("destination", "=", destination)
        .where("lease_owner", "=", owner)
        .where("sent_at", "is", null)
        .execute(),
    );
  }

  /** Leases up to `claimBatch` due rows of one destination; the conditional update is the lock. */
  async function claim(destination: string): Promise<OutboxRow[]> {
    const at = now().toISOString();
    const due = await db
      .selectFrom("outbox")
      .select("id")
      .where("destination", "=", destination)
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      // In the due index's order: the claim reads a batch, not the whole backlog, however long it is.
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(claimBatch)
      .execute();
    if (!due.length) return [];
    // Only one worker wins a row: the lease condition is checked again on the row it updates
    // (PostgreSQL re-reads a row another transaction changed), so a second instance skips it.
    const claimed = await bookkeeping((db) =>
      db
        .updateTable("outbox")
        .set({ lease_until: leaseUntil(), lease_owner: owner })
        .where(
          "id",
          "in",
          due.map((row) => row.id),
        )
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
        .returningAll()
        .execute(),
    );
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Gives rows claimed but not attempted back, so the next round (or another worker) takes them. */
  async function releaseLeases(table: "outbox" | "notices", ids: readonly (number | string)[]) {
    if (!ids.length) return;
    if (table === "outbox")
      await bookkeeping((db) =>
        db
          .updateTable("outbox")
          .set({ lease_until: null, lease_owner: null })
          .where("id", "in", ids as number[])
          .where("lease_owner", "=", owner)
          .execute(),
      );
    else
      await db
        .updateTable("notices")
        .set({ lease_until: null, lease_owner: null })
        .where("id", "in", ids as string[])
        .where("lease_owner", "=", owner)
        .execute();
  }

  /**
   * Renews the leases of rows this worker claimed and has not finished, every third of the lease,
   * until stopped: a receiver that takes longer than the lease (an SMTP server holding its answer
   * to DATA) never lets another instance send the row being sent, nor the ones waiting behind it.
   */
  function keepLeases(table: "outbox" | "notices", ids: () => readonly (number | string)[]): () => void {
    const renew = setInterval(() => {
      const held = ids();
      if (!held.length) return;
      const renewal =
        table === "outbox"
          ? bookkeeping((db) =>
              db
                .updateTable("outbox")
                .set({ lease_until: leaseUntil() })
                .where("id", "in", held as number[])
                .where("lease_owner", "=", owner)
                .executeTakeFirst(),
            )
          : db
              .updateTable("notices")
              .set({ lease_until: leaseUntil() })
              .where("id", "in", held as string[])
              .where("lease_owner", "=", owner)
              .executeTakeFirst();
      renewal.catch((error: unknown) => log("outbox.lease_renewal_failed", { code: errorCode(error) }));
    }, leaseMs / 3);
    return () => clearInterval(renew);
  }

  /** Runs one delivery that stopping the outbox may abort. */
  async function abortable<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      return await send(controller.signal);
    } finally {
      inFlight.delete(controller);
    }
  }

  async function deadLetter(row: OutboxRow, attempts: number, reason: string, permanent: boolean) {
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("outbox")
        .set({ attempts, failed_at: at, lease_until: null, lease_owner: null, last_error: reason })
        .where("id", "=", row.id)
        .execute();
      await queueNotice(trx, {
        id: `dead:${row.id}:${attempts}`,
        subject: `Lead ${row.submission_id} was not delivered to ${row.destination}`,
        lines: [
          `Lead ${row.submission_id} could not be delivered to "${row.destination}" and will not be retried.`,
          `Reason: ${reason}${permanent ? " (the receiver refused it; sending it again unchanged would fail too)" : ` (after ${attempts} attempts)`}.`,
          "",
          `See the lead: ${leadsCommand} show ${row.submission_id}`,
          `Send it again once the cause is fixed: ${leadsCommand} redeliver ${row.submission_id} --to ${row.destination}`,
        ],
        at,
      });
    });
    log("lead.delivery_dead", { id: row.submission_id, destination: row.destination, attempts, reason });
  }

  /** One attempt at one row: "sent", "failed" (temporary; the destination is struggling), "refused", "stopped". */
  async function attempt(
    deliverer: Deliverer,
    row: OutboxRow,
    submission: StoredSubmission | undefined,
  ): Promise<"sent" | "failed" | "refused" | "stopped" | "gone"> {
    if (!submission) {
      await db.deleteFrom("outbox").where("id", "=", row.id).execute();
      return "gone";
    }
    try {
      await abortable((signal) =>
        deliverer.deliver(submission, { webhookId: webhookId(submission.id, row.destination), signal }),
      );
    } catch (error) {
      if (stopped) {
        await releaseLeases("outbox", [row.id]);
        return "stopped";
      }
      const attempts = row.attempts + 1;
      const reason = errorText(error);
      const permanent = error instanceof DeliveryError && error.permanent;
      if (permanent || attempts >= options.maxAttempts) {
        await deadLetter(row, attempts, reason, permanent);
        return permanent ? "refused" : "failed";
      }
      const wait = (error instanceof DeliveryError ? error.retryAfterMs : undefined) ?? retryDelayMs(attempts);
      const next = new Date(now().getTime() + wait).toISOString();
      await bookkeeping((db) =>
        db
          .updateTable("outbox")
          .set({ attempts, next_attempt_at: next, lease_until: null, lease_owner: null, last_error: reason })
          .where("id", "=", row.id)
          .execute(),
      );
      log("lead.delivery_failed", {
        id: submission.id,
        destination: row.destination,
        attempts,
        retryAt: next,
        ...(error instanceof DeliveryError ? { reason } : { code: errorCode(error) }),
      });
      return "failed";
    }
    return "sent";
  }

  const lastIncidentCheck = new Map<string, number>();

  /**
   * Watches one destination's health. It is in trouble while a lead there is failing (a retry is
   * due) or late (not delivered `slowMs` after it was queued, in flight or waiting behind slow
   * ones), and for `calmAfterMs` after a late delivery. Trouble lasting `alertAfterMinutes` opens
   * an incident and queues one alert; the end of an incident queues an "all clear". The rows and
   * the notice ids make "once per incident" hold across instances.
   */
  async function checkIncident(destination: string) {
    const checkedAt = now().getTime();
    if (checkedAt - (lastIncidentCheck.get(destination) ?? -Infinity) < 1000) return;
    lastIncidentCheck.set(destination, checkedAt);
    const at = now();
    const lateBefore = new Date(at.getTime() - slowMs).toISOString();
    const failing = await db
      .selectFrom("outbox")
      .select((eb) => [eb.fn.min("created_at").as("since"), eb.fn.countAll<string | number>().as("rows")])
      .where("destination", "=", destination)
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where((eb) => eb.or([eb("attempts", ">", 0), eb("created_at", "<", lateBefore)]))
      .executeTakeFirst();
    const rows = Number(failing?.rows ?? 0);
    const recentlyLate = at.getTime() - (lastLate.get(destination) ?? -Infinity) < calmAfterMs;
    if (!rows && !recentlyLate) return allClear(destination, at);
    await db
      .insertInto("troubles")
      .values({ destination, since: failing?.since ?? at.toISOString() })
      .onConflict((oc) => oc.column("destination").doNothing())
      .execute();
    const trouble = await db
      .selectFrom("troubles")
      .select("since")
      .where("destination", "=", destination)
      .executeTakeFirstOrThrow();
    if (Date.parse(trouble.since) > at.getTime() - options.alertAfterMinutes * 60_000) return;
    await db
      .insertInto("incidents")
      .values({ destination, opened_at: at.toISOString() })
      .onConflict((oc) => oc.column("destination").doNothing())
      .execute();
    const incident = await db
      .selectFrom("incidents")
      .select("opened_at")
      .where("destination", "=", destination)
      .executeTakeFirstOrThrow();
    const queued = await queueNotice(db, {
      id: `alert:${destination}:${incident.opened_at}`,
      subject: `Leads are not reaching ${destination}`,
      lines: [
        `Delivery to "${destination}" has been failing or slow for more than ${options.alertAfterMinutes} minutes: ${rows} lead(s) failing or waiting longer than ${slowMs / 1000} seconds${failing?.since ? `, the oldest since ${failing.since}` : ""}.`,
        "Every lead is kept and will be sent once the destination accepts it again. An all clear follows when it does.",
        "",
        `See what is waiting and why: ${leadsCommand} deliveries --failed`,
      ],
      at: at.toISOString(),
    });
    if (queued) log("outbox.incident", { destination, rows, since: trouble.since });
  }

  /** The destination is calm: its trouble is forgotten, and an open incident ends with an "all clear". */
  async function allClear(destination: string, at: Date) {
    await db.deleteFrom("troubles").where("destination", "=", destination).execute();
    const incident = await db
      .selectFrom("incidents")
      .select("opened_at")
      .where("destination", "=", destination)
      .executeTakeFirst();
    if (!incident) return;
    await db.transaction().execute(async (trx) => {
      const ended = await trx
        .deleteFrom("incidents")
        .where("destination", "=", destination)
        .where("opened_at", "=", incident.opened_at)
        .executeTakeFirst();
      if (!Number(ended.numDeletedRows)) return;
      await queueNotice(trx, {
        id: `clear:${destination}:${incident.opened_at}`,
        subject: `All clear: leads are reaching ${destination} again`,
        lines: [
          `Delivery to "${destination}" is working again: nothing is failing or late there (the incident opened at ${incident.opened_at}).`,
          "",
          `See what was delivered: ${leadsCommand} deliveries`,
        ],
        at: at.toISOString(),
      });
    });
    log("outbox.incident_closed", { destination, opened: incident.opened_at });
  }

  /** Every destination's health, on its own schedule: a delivery that hangs must not keep it from being checked. */
  async function healthRound(): Promise<number> {
    for (const deliverer of deliverers) if (!stopped) await checkIncident(deliverer.name);
    return 0;
  }

  /**
   * Delivers one claimed batch, up to `parallel` rows at once; each row is marked sent within
   * `markWithinMs` of its receiver's answer (a crash before that sends it again, same id). A
   * temporary failure means the destination is struggling: what has not started yet is given back
   * for a later round. Resolves with the count sent and whether the round should stop here.
   */
  async function deliverBatch(deliverer: Deliverer, rows: readonly OutboxRow[]) {
    const submissions = await db
      .selectFrom("submissions")
      .selectAll()
      .where(
        "id",
        "in",
        rows.map((row) => row.submission_id),
      )
      .execute();
    const byId = new Map(submissions.map((submission) => [submission.id, readSubmission(submission)]));
    const waiting = [...rows];
    const running = new Set<number>();
    let toMark: { row: OutboxRow; ms: number }[] = [];
    let oldestToMark = 0;
    let marking = Promise.resolve();
    let halted = false;
    let sent = 0;
    // A mark that fails is kept for later rather than failing the lane: the receiver has the lead.
    const flush = () => {
      const batch = toMark;
      toMark = [];
      marking = marking.then(() =>
        markSent(batch).catch((error: unknown) => {
          for (const done of batch) unmarked.set(done.row.id, done);
          log("outbox.mark_deferred", { destination: deliverer.name, rows: batch.length, code: errorCode(error) });
        }),
      );
      return marking;
    };
    const lane = async () => {
      while (!halted && !stopped) {
        const row = waiting.shift();
        if (!row) return;
        running.add(row.id);
        const started = Date.now();
        const outcome = await attempt(deliverer, row, byId.get(row.submission_id)).finally(() =>
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
    const release = keepLeases("outbox", () => [
      ...toMark.map((u) => u.row.id),
      ...running,
      ...waiting.map((r) => r.id),
    ]);
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(deliverer.parallel ?? parallel, rows.length) }, lane),
    );
    try {
      await flush();
      await releaseLeases(
        "outbox",
        waiting.map((r) => r.id),
      );
    } finally {
      release();
    }
    for (const result of lanes) if (result.status === "rejected") throw result.reason;
    return { sent, halt: halted || stopped };
  }

  /**
   * Waits, at most `busyPauseMs`, for the accept path to have been quiet for 100 ms: building a
   * message with a resume costs the thread milliseconds per megabyte, which visitors arriving in
   * a burst of uploads or leads would otherwise wait behind.
   */
  const giveWayToVisitors = () =>
    giveWay(arrivals, { quietMs: 100, maxMs: busyPauseMs, pause, cancelled: () => stopped });

  /** Destinations whose last round failed part-way: their next round first gives stray leases back. */
  const interrupted = new Set<string>();

  async function destinationRound(deliverer: Deliverer): Promise<number> {
    await releaseOwnLeases();
    await markUnmarked(deliverer.name);
    if (interrupted.has(deliverer.name)) {
      await releaseStrayLeases(deliverer.name);
      interrupted.delete(deliverer.name);
    }
    let delivered = 0;
    while (!stopped) {
      await giveWayToVisitors();
      const rows = await claim(deliverer.name);
      if (!rows.length) break;
      const batch = await deliverBatch(deliverer, rows);
      delivered += batch.sent;
      if (batch.halt) break;
    }
    return delivered;
  }

  async function noticeRound(): Promise<number> {
    await releaseOwnLeases();
    const at = now().toISOString();
    const due = await db
      .selectFrom("notices")
      .select("id")
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .orderBy("created_at")
      .limit(claimBatch)
      .execute();
    if (!due.length) return 0;
    const claimed = await db
      .updateTable("notices")
      .set({ lease_until: leaseUntil(), lease_owner: owner })
      .where(
        "id",
        "in",
        due.map((row) => row.id),
      )
      .where("sent_at", "is", null)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .returningAll()
      .execute();
    let sent = 0;
    let next = 0;
    // A channel that failed once this round is not tried again for the notices after it.
    const down = new Set<string>();
    const release = keepLeases("notices", () => claimed.slice(next).map((n) => n.id));
    try {
      for (; next < claimed.length && !stopped; next++) if (await sendNotice(claimed[next]!, down)) sent += 1;
    } finally {
      release();
    }
    return sent;
  }

  /**
   * Sends one claimed notice to every alert channel that does not have it yet, each on its own:
   * the channels that took it are recorded, and only the others are tried again, later.
   */
  async function sendNotice(notice: NoticeRow, down: Set<string>): Promise<boolean> {
    const has = new Set(notice.sent_to.split(",").filter(Boolean));
    let missing = 0;
    for (const channel of options.alertChannels) {
      if (has.has(channel.name)) continue;
      if (down.has(channel.name) || stopped) {
        missing += 1;
        continue;
      }
      try {
        await abortable((signal) => channel.send(notice, signal));
        has.add(channel.name);
      } catch (error) {
        down.add(channel.name);
        missing += 1;
        log("outbox.notice_failed", { notice: notice.id, channel: channel.name, code: errorCode(error) });
      }
    }
    const sentTo = [...has].join(",");
    if (missing) {
      const attempts = notice.attempts + 1;
      await db
        .updateTable("notices")
        .set({
          attempts,
          sent_to: sentTo,
          next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)).toISOString(),
          lease_until: null,
          lease_owner: null,
        })
        .where("id", "=", notice.id)
        .execute();
      return false;
    }
    await db
      .updateTable("notices")
      .set({ sent_at: now().toISOString(), sent_to: sentTo, lease_until: null, lease_owner: null })
      .where("id", "=", notice.id)
      .execute();
    log("outbox.notice_sent", { notice: notice.id });
    return true;
  }

  /**
   * A round's failure is logged and the next poll tries again. A database that is away fails
   * every round until it returns: that is said once when it starts and once when it ends.
   */
  let storeAway = false;
  const guarded = (round: () => Promise<number>, destination?: string) => () =>
    round().then(
      (count) => {
        if (storeAway) log("outbox.store_reachable");
        storeAway = false;
        return count;
      },
      (error: unknown) => {
        if (destination) interrupted.add(destination);
        if (!isStoreUnreachable(error)) log("outbox.error", { message: errorText(error) });
        else if (!storeAway) log("outbox.store_unreachable", { code: errorCode(error) });
        storeAway ||= isStoreUnreachable(error);
        return 0;
      },
    );
  const destinationWorkers = deliverers.map((deliverer) =>
    serialRounds(guarded(() => destinationRound(deliverer), deliverer.name)),
  );
  const workers = [...destinationWorkers, serialRounds(guarded(healthRound)), serialRounds(guarded(noticeRound))];

  for (const worker of workers) {
    const schedule = () => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void worker.kick().finally(schedule);
      }, pollMs);
      timers.add(timer);
    };
    schedule();
  }

  let nudged: NodeJS.Timeout | undefined;

  return {
    /**
     * Delivers soon after a lead was accepted. A burst of leads shares one round per destination
     * (each claim and each "sent" is a write, with SQLite an fsync on the server's thread).
     */
    nudge(): void {
      if (stopped || nudged) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        for (const worker of destinationWorkers) void worker.kick();
      }, nudgeMs);
    },
    /** Delivers what is due now; resolves with how many were sent. */
    async kick(): Promise<number> {
      if (stopped) return 0;
      const counts = await Promise.all(destinationWorkers.map((worker) => worker.kick()));
      return counts.reduce((sum, n) => sum + n, 0);
    },
    /** Delivers what is due now, notices to the firm included. */
    async flush(): Promise<number> {
      if (stopped) return 0;
      const counts = await Promise.all(workers.map((worker) => worker.kick()));
      return counts.reduce((sum, n) => sum + n, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(nudged);
      for (const wake of pauses) wake();
      for (const timer of timers) clearTimeout(timer);
      for (const controller of inFlight) controller.abort();
      await Promise.all(workers.map((worker) => worker.idle()));
      // A last try at the marks still owed; what cannot be written now is sent again after a restart.
      if (unmarked.size)
        await markSent([...unmarked.values()]).then(
          () => unmarked.clear(),
          (error: unknown) => log("outbox.unmarked_at_stop", { rows: unmarked.size, code: errorCode(error) }),
        );
      lastIncidentCheck.clear();
    },
  };
}
