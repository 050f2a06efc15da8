import type { Kysely } from "kysely";
import { enqueueDeliveries } from "./deliveries";
import type { Database } from "../store";

/**
 * Sends a lead again to `targets`: its rows there start over (the same row, so the same
 * webhook-id: a receiver that already has the lead keeps one copy), and a destination it was
 * never queued for gets a row. The running server's outbox sends it within seconds.
 */
export async function redeliver(db: Kysely<Database>, id: string, targets: readonly string[], at: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("outbox")
      .set({
        sent_at: null,
        failed_at: null,
        attempts: 0,
        next_attempt_at: at,
        last_error: null,
        lease_until: null,
        lease_owner: null,
      })
      .where("submission_id", "=", id)
      .where("destination", "in", targets)
      .execute();
    await enqueueDeliveries(trx, [{ id, queuedAt: at }], targets);
  });
}
