import type { Expression, ExpressionBuilder, Kysely, SqlBool, UpdateObject } from "kysely";
import { log } from "../../log";
import type { Bookkeeping, Database } from "../store";

/**
 * The tables whose rows are work leased to one worker at a time: deliveries of leads (`outbox`)
 * and notices to the firm (`notices`). Both carry the same lease columns (next_attempt_at,
 * lease_until, lease_owner, sent_at), which is all this module touches.
 */
export type LeaseTable = "outbox" | "notices";
type RowId = string | number;
type Where = (eb: ExpressionBuilder<Database, LeaseTable>) => Expression<SqlBool>;
type Changes = UpdateObject<Database, LeaseTable>;

export interface LeaseQueueOptions<Row extends { id: RowId }> {
  db: Kysely<Database>;
  table: LeaseTable;
  /** Runs the queue's writes: the store's bookkeeping for the frequent ones of deliveries. */
  write: Bookkeeping;
  /** This worker's name (INSTANCE_ID): its leases carry it. */
  owner: string;
  /** How long a claimed row belongs to this worker unless renewed. */
  leaseMs: number;
  now: () => Date;
  /** The claimed rows, in the table's own type and in the order they are to be worked on. */
  read(db: Kysely<Database>, ids: readonly RowId[]): Promise<Row[]>;
}

export interface Claim {
  /** Which due rows (a destination's, say); every unsent, due, unleased row without it. */
  where?: Where;
  orderBy: readonly ("next_attempt_at" | "created_at" | "id")[];
  limit: number;
}

export type LeaseQueue<Row extends { id: RowId }> = ReturnType<typeof createLeaseQueue<Row>>;

/**
 * A queue of work kept in a table, shared by any number of workers and instances: a worker leases
 * due rows (the conditional update is the lock), renews the lease while it works, and either
 * completes a row (the lease ends with the change it made) or releases it for another worker.
 * A worker that dies lets its rows go when their lease runs out; restarted under the same name
 * it takes them back at once.
 */
export function createLeaseQueue<Row extends { id: RowId }>(options: LeaseQueueOptions<Row>) {
  const { db, table, write, owner, leaseMs, now } = options;
  const leaseUntil = () => new Date(now().getTime() + leaseMs).toISOString();
  const free =
    (at: string): Where =>
    (eb) =>
      eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]);
  const released = { lease_until: null, lease_owner: null };

  /** Leases up to `limit` due rows; only one worker wins a row. */
  async function claim({ where = (eb) => eb.lit(true), orderBy, limit }: Claim): Promise<Row[]> {
    const at = now().toISOString();
    let due = db
      .selectFrom(table)
      .select("id")
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", at)
      .where(free(at))
      .where(where);
    // In the due index's order: the claim reads a batch, not the whole backlog, however long it is.
    for (const column of orderBy) due = due.orderBy(column);
    const ids = (await due.limit(limit).execute()).map((row) => row.id);
    if (!ids.length) return [];
    // The lease condition is checked again on the row it updates (PostgreSQL re-reads a row
    // another transaction changed), so a second instance skips a row the first one took.
    const claimed = await write((db) =>
      db
        .updateTable(table)
        .set({ lease_until: leaseUntil(), lease_owner: owner })
        .where("id", "in", ids)
        .where("sent_at", "is", null)
        .where(where)
        .where(free(at))
        .returning("id")
        .execute(),
    );
    return claimed.length
      ? options.read(
          db,
          claimed.map((row) => row.id),
        )
      : [];
  }

  /** Gives rows claimed but not attempted back, so the next round (or another worker) takes them. */
  async function release(ids: readonly RowId[]): Promise<void> {
    if (!ids.length) return;
    await write((db) =>
      db.updateTable(table).set(released).where("id", "in", ids).where("lease_owner", "=", owner).execute(),
    );
  }

  /** Ends the leases of rows this worker holds (all of them, or those `where` picks); resolves with how many. */
  async function releaseHeld(where: Where = (eb) => eb.lit(true)): Promise<number> {
    const result = await write((db) =>
      db
        .updateTable(table)
        .set(released)
        .where("lease_owner", "=", owner)
        .where("sent_at", "is", null)
        .where(where)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  /** Records what became of claimed rows (sent, or a retry's time) and ends their leases. */
  async function complete(ids: readonly RowId[], changes: Changes): Promise<void> {
    if (!ids.length) return;
    await write((db) =>
      db
        .updateTable(table)
        .set({ ...changes, ...released })
        .where("id", "in", ids)
        .execute(),
    );
  }

  /**
   * Renews the leases of the rows `held` names, every third of the lease, until the returned
   * function is called: a receiver that takes longer than the lease (an SMTP server holding its
   * answer to DATA) never lets another instance send the row being sent, nor the ones behind it.
   */
  function keep(held: () => readonly RowId[]): () => void {
    const renew = setInterval(() => {
      const ids = held();
      if (!ids.length) return;
      write((db) =>
        db
          .updateTable(table)
          .set({ lease_until: leaseUntil() })
          .where("id", "in", ids)
          .where("lease_owner", "=", owner)
          .executeTakeFirst(),
      ).catch((error: unknown) => log("outbox.lease_renewal_failed", { code: errorCode(error) }));
    }, leaseMs / 3);
    return () => clearInterval(renew);
  }

  return { claim, release, releaseHeld, complete, keep };
}

export const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : "error";
