import { Hono } from "hono";
import { sql } from "kysely";
import type { BackupStatus } from "../backup-schedule";
import type { ConfigWarning } from "../env";
import type { Store } from "./store";

/**
 * How the outbox stands, per destination: what waits, what was given up, the oldest wait. A lead
 * waiting longer than `slowAfterSeconds` is `late` and counts as `failing` too: a destination
 * that answers slowly fails no delivery, yet leads reach the firm minutes late.
 */
export async function deliveryBacklog(store: Store, now: Date, slowAfterSeconds = 120) {
  const lateBefore = new Date(now.getTime() - slowAfterSeconds * 1000).toISOString();
  const rows = await store.db
    .selectFrom("outbox")
    .select((eb) => [
      "destination",
      eb.fn.countAll<string | number>().as("rows"),
      eb.fn.min("created_at").as("oldest"),
      sql<string | number>`sum(case when attempts > 0 or created_at < ${lateBefore} then 1 else 0 end)`.as("failing"),
      sql<string | number>`sum(case when created_at < ${lateBefore} then 1 else 0 end)`.as("late"),
    ])
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .groupBy("destination")
    .execute();
  const dead = await store.db
    .selectFrom("outbox")
    .select((eb) => ["destination", eb.fn.countAll<string | number>().as("rows")])
    .where("failed_at", "is not", null)
    .where("sent_at", "is", null)
    .groupBy("destination")
    .execute();
  const destinations: Record<
    string,
    { pending: number; failing: number; late: number; deadLettered: number; oldestPendingSeconds: number | null }
  > = {};
  const entry = (name: string) =>
    (destinations[name] ??= { pending: 0, failing: 0, late: 0, deadLettered: 0, oldestPendingSeconds: null });
  for (const row of rows) {
    const item = entry(row.destination);
    item.pending = Number(row.rows);
    item.failing = Number(row.failing);
    item.late = Number(row.late);
    item.oldestPendingSeconds = row.oldest
      ? Math.max(0, Math.round((now.getTime() - Date.parse(row.oldest)) / 1000))
      : null;
  }
  for (const row of dead) entry(row.destination).deadLettered = Number(row.rows);
  const all = Object.values(destinations);
  const ages = all.map((d) => d.oldestPendingSeconds).filter((age) => age !== null);
  return {
    pending: all.reduce((sum, d) => sum + d.pending, 0),
    deadLettered: all.reduce((sum, d) => sum + d.deadLettered, 0),
    oldestPendingSeconds: ages.length ? Math.max(...ages) : null,
    destinations,
  };
}

/** How long one working-out of the delivery backlog is shown by /readyz. */
const backlogMaxAgeMs = 1000;

/**
 * `/healthz`: the process answers (liveness; restart it if not). `/readyz`: it can take leads,
 * that is the store answers within two seconds and the process is not shutting down (503
 * otherwise, so a load balancer stops sending it visitors). The delivery backlog is reported but
 * never makes it unready: a CRM that is down must not take the forms offline; the alert covers it.
 */
export function healthRoutes(
  store: Store,
  options: {
    now: () => Date;
    closing: () => boolean;
    backup?: () => BackupStatus | undefined;
    /** The last write found the disk full. */
    full?: () => boolean;
    warnings?: readonly ConfigWarning[];
    /** SLOW_DELIVERY_SECONDS: a lead waiting longer counts as failing. */
    slowAfterSeconds?: number;
  },
): Hono {
  // Settings that send something in clear are shown, not made unready: the forms still work.
  const warnings = options.warnings?.length ? { warnings: options.warnings } : {};
  const app = new Hono();
  // The backlog is an aggregate over every outbox row, run on the server's thread with SQLite
  // (6 ms at 100,000 rows, and growing with the store): worked out at most once a second and
  // shared, so requests to /readyz, which anyone may send, cost no more than a page. Whether the
  // store answers is still asked on every request, with a query that costs nothing.
  let backlog: { at: number; value: ReturnType<typeof deliveryBacklog> } | undefined;
  const currentBacklog = () => {
    const at = performance.now();
    if (!backlog || at - backlog.at >= backlogMaxAgeMs)
      backlog = { at, value: deliveryBacklog(store, options.now(), options.slowAfterSeconds) };
    return backlog.value;
  };
  app.get("/healthz", (c) => c.json({ ok: true }, 200, { "Cache-Control": "no-store" }));
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (options.closing()) return c.json({ ok: false, store: "closing" }, 503);
    if (options.full?.()) return c.json({ ok: false, store: "full" }, 503);
    try {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("store did not answer within 2 s")), 2000).unref(),
      );
      await Promise.race([sql`select 1`.execute(store.db), timeout]);
      const outbox = await Promise.race([currentBacklog(), timeout]);
      // The last backup is reported, like the backlog, and never makes the server unready.
      const backup = options.backup ? { backup: options.backup() ?? null } : {};
      return c.json({ ok: true, store: "ok", outbox, ...backup, ...warnings });
    } catch {
      return c.json({ ok: false, store: "unreachable" }, 503);
    }
  });
  return app;
}
