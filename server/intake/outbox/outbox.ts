import type { Kysely } from "kysely";
import { log } from "../../log";
import { createArrivals, giveWay } from "../arrivals";
import type { Deliverer } from "../destinations/index";
import { isStoreUnreachable, type Bookkeeping, type Database, type NoticeRow, type OutboxRow } from "../store";
import { sendAlerts, type AlertChannel } from "./alerts";
import { createDeliveries } from "./deliveries";
import { createIncidents } from "./incidents";
import { createLeaseQueue, errorCode } from "./lease-queue";

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
  arrivals?: ReturnType<typeof createArrivals>;
  /**
   * How an alert spells the leads command it tells the firm to run (default `npm run leads --`):
   * with the server's settings file named, so it runs against the same store and destinations.
   */
  leadsCommand?: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);
const numbers = (ids: readonly (string | number)[]) => ids.filter((id) => typeof id === "number");
const strings = (ids: readonly (string | number)[]) => ids.filter((id) => typeof id === "string");

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

/** What stopping the outbox ends: pauses between batches, and deliveries under way (HTTP ones abort). */
function stopSwitch() {
  let stopped = false;
  const pauses = new Set<() => void>();
  const inFlight = new Set<AbortController>();
  return {
    stopped: () => stopped,
    pause: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pauses.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        pauses.add(done);
      }),
    abortable: async <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        return await send(controller.signal);
      } finally {
        inFlight.delete(controller);
      }
    },
    stop: () => {
      stopped = true;
      for (const wake of pauses) wake();
      for (const controller of inFlight) controller.abort();
    },
  };
}

/**
 * Delivers accepted submissions to every destination, at least once, and the firm's notices to
 * every alert channel. This is the worker loop: each destination, the health check and the
 * notices run their own rounds on their own timers, over two lease queues (deliveries, notices),
 * with the retry policy deciding what a failure means and the incidents watching for trouble.
 * Rows live in the database, so a restart loses nothing; a row is marked sent only after the
 * receiver accepted it. A crash between those two steps sends again after the restart with the
 * same Message-ID / webhook-id (docs/decisions/0002, 0009).
 */
export function startOutbox(db: Kysely<Database>, deliverers: readonly Deliverer[], options: OutboxOptions) {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 120_000;
  const claimBatch = 50;
  const nudgeMs = 50;
  const leadsCommand = options.leadsCommand ?? "npm run leads --";
  const bookkeeping = options.bookkeeping ?? (<T>(write: (db: Kysely<Database>) => Promise<T>) => write(db));
  const arrivals = options.arrivals ?? createArrivals();
  const { stopped, pause, abortable, stop } = stopSwitch();
  const lease = { db, owner: options.owner, leaseMs, now };
  const deliveryQueue = createLeaseQueue<OutboxRow>({
    ...lease,
    table: "outbox",
    write: bookkeeping,
    read: (db, ids) => db.selectFrom("outbox").selectAll().where("id", "in", numbers(ids)).orderBy("id").execute(),
  });
  const noticeQueue = createLeaseQueue<NoticeRow>({
    ...lease,
    table: "notices",
    write: (write) => write(db),
    read: (db, ids) =>
      db.selectFrom("notices").selectAll().where("id", "in", strings(ids)).orderBy("created_at").execute(),
  });
  const incidents = createIncidents(db, {
    now,
    alertAfterMinutes: options.alertAfterMinutes,
    slowMs: (options.slowAfterSeconds ?? 120) * 1000,
    leadsCommand,
  });
  const deliveries = createDeliveries({
    db,
    deliveries: deliveryQueue,
    now,
    leaseMs,
    maxAttempts: options.maxAttempts,
    parallel: options.parallel ?? 8,
    claimBatch,
    leadsCommand,
    delivered: incidents.delivered,
    abortable,
    stopped,
    // Building a message with a resume costs the thread milliseconds per megabyte, which visitors
    // arriving in a burst of uploads or leads would otherwise wait behind.
    giveWay: () => giveWay(arrivals, { quietMs: 100, maxMs: options.busyPauseMs ?? 1000, pause, cancelled: stopped }),
  });

  /**
   * Leases this instance held when it last stopped (killed mid-delivery) are released before its
   * first claim; tried again each round until the database has answered once.
   */
  let released: Promise<void> | undefined;
  const releaseOwnLeases = () =>
    (released ??= Promise.all([deliveryQueue.releaseHeld(), noticeQueue.releaseHeld()]).then(
      ([rows]) => {
        if (rows) log("outbox.reclaimed", { rows });
      },
      (error: unknown) => {
        released = undefined;
        throw error;
      },
    ));

  /**
   * A round's failure is logged and the next poll tries again. A database that is away fails
   * every round until it returns: that is said once when it starts and once when it ends.
   */
  let storeAway = false;
  const guarded = (round: () => Promise<number>, destination?: string) => () =>
    releaseOwnLeases()
      .then(round)
      .then(
        (count) => {
          if (storeAway) log("outbox.store_reachable");
          storeAway = false;
          return count;
        },
        (error: unknown) => {
          if (destination) deliveries.interrupted(destination);
          if (!isStoreUnreachable(error)) log("outbox.error", { message: errorText(error) });
          else if (!storeAway) log("outbox.store_unreachable", { code: errorCode(error) });
          storeAway ||= isStoreUnreachable(error);
          return 0;
        },
      );
  const destinationWorkers = deliverers.map((deliverer) =>
    serialRounds(guarded(() => deliveries.round(deliverer), deliverer.name)),
  );
  // Every destination's health on its own schedule: a delivery that hangs must not keep it from being checked.
  const healthRound = async () => {
    for (const deliverer of deliverers) if (!stopped()) await incidents.check(deliverer.name);
    return 0;
  };
  const noticeRound = () =>
    sendAlerts({ notices: noticeQueue, channels: options.alertChannels, now, abortable, stopped, claimBatch });
  const workers = [...destinationWorkers, serialRounds(guarded(healthRound)), serialRounds(guarded(noticeRound))];

  const timers = new Set<NodeJS.Timeout>();
  for (const worker of workers) {
    const schedule = () => {
      if (stopped()) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void worker.kick().finally(schedule);
      }, pollMs);
      timers.add(timer);
    };
    schedule();
  }

  let nudged: NodeJS.Timeout | undefined;
  const kickAll = async (some: readonly { kick(): Promise<number> }[]) => {
    if (stopped()) return 0;
    const counts = await Promise.all(some.map((worker) => worker.kick()));
    return counts.reduce((sum, n) => sum + n, 0);
  };

  return {
    /**
     * Delivers soon after a lead was accepted. A burst of leads shares one round per destination
     * (each claim and each "sent" is a write, with SQLite an fsync on the server's thread).
     */
    nudge(): void {
      if (stopped() || nudged) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        for (const worker of destinationWorkers) void worker.kick();
      }, nudgeMs);
    },
    /** Delivers what is due now; resolves with how many were sent. */
    kick: () => kickAll(destinationWorkers),
    /** Delivers what is due now, notices to the firm included. */
    flush: () => kickAll(workers),
    async stop() {
      stop();
      clearTimeout(nudged);
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(workers.map((worker) => worker.idle()));
      await deliveries.settle();
      incidents.forget();
    },
  };
}
