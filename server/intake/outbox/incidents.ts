import type { Kysely } from "kysely";
import { log } from "../../log";
import { queueNotice, type Database, type OutboxRow } from "../store";

/** How long after its last late delivery a slow destination counts as calm again (its incident ends). */
export const calmAfterMs = 5 * 60_000;

export interface IncidentOptions {
  now: () => Date;
  /** Minutes a destination may keep failing (or be slow) before the firm is alerted. */
  alertAfterMinutes: number;
  /** A lead not delivered this long after it was queued counts as failing (SLOW_DELIVERY_SECONDS). */
  slowMs: number;
  /** How a notice spells the leads command it tells the firm to run. */
  leadsCommand: string;
}

/**
 * The notice that tells the firm a lead will not be retried at a destination, and how to send it
 * again once the cause is fixed. `reason` is the redacted one (retry-policy.ts): no personal data.
 */
export function deadLetterNotice(
  row: Pick<OutboxRow, "id" | "submission_id" | "destination">,
  dead: { attempts: number; reason: string; permanent: boolean },
  leadsCommand: string,
) {
  const { attempts, reason, permanent } = dead;
  return {
    id: `dead:${row.id}:${attempts}`,
    subject: `Lead ${row.submission_id} was not delivered to ${row.destination}`,
    lines: [
      `Lead ${row.submission_id} could not be delivered to "${row.destination}" and will not be retried.`,
      `Reason: ${reason}${permanent ? " (the receiver refused it; sending it again unchanged would fail too)" : ` (after ${attempts} attempts)`}.`,
      "",
      `See the lead: ${leadsCommand} show ${row.submission_id}`,
      `Send it again once the cause is fixed: ${leadsCommand} redeliver ${row.submission_id} --to ${row.destination}`,
    ],
  };
}

/**
 * Watches each destination's health. It is in trouble while a lead there is failing (a retry is
 * due) or late (not delivered `slowMs` after it was queued, in flight or waiting behind slow
 * ones), and for `calmAfterMs` after a late delivery. Trouble lasting `alertAfterMinutes` opens
 * an incident and queues one alert; the end of an incident queues an "all clear". The rows and
 * the notice ids make "once per incident" hold across instances.
 */
export function createIncidents(db: Kysely<Database>, options: IncidentOptions) {
  const { now, slowMs, leadsCommand, alertAfterMinutes } = options;
  /** When this instance last marked a delivery sent later than `slowMs` after it was queued, per destination. */
  const lastLate = new Map<string, number>();
  const lastCheck = new Map<string, number>();

  /** Deliveries just marked sent at `at`: a late one keeps its destination in trouble for a while. */
  function delivered(rows: readonly Pick<OutboxRow, "destination" | "created_at">[], at: string) {
    for (const row of rows)
      if (Date.parse(at) - Date.parse(row.created_at) > slowMs) lastLate.set(row.destination, Date.parse(at));
  }

  async function check(destination: string) {
    const checkedAt = now().getTime();
    if (checkedAt - (lastCheck.get(destination) ?? -Infinity) < 1000) return;
    lastCheck.set(destination, checkedAt);
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
    const since = await troubleSince(destination, failing?.since ?? at.toISOString());
    if (Date.parse(since) > at.getTime() - alertAfterMinutes * 60_000) return;
    const opened = await openIncident(destination, at);
    const queued = await queueNotice(db, {
      id: `alert:${destination}:${opened}`,
      subject: `Leads are not reaching ${destination}`,
      lines: [
        `Delivery to "${destination}" has been failing or slow for more than ${alertAfterMinutes} minutes: ${rows} lead(s) failing or waiting longer than ${slowMs / 1000} seconds${failing?.since ? `, the oldest since ${failing.since}` : ""}.`,
        "Every lead is kept and will be sent once the destination accepts it again. An all clear follows when it does.",
        "",
        `See what is waiting and why: ${leadsCommand} deliveries --failed`,
      ],
      at: at.toISOString(),
    });
    if (queued) log("outbox.incident", { destination, rows, since });
  }

  /** When the destination's trouble began, recorded the first time it is seen (by any instance). */
  async function troubleSince(destination: string, since: string): Promise<string> {
    await db
      .insertInto("troubles")
      .values({ destination, since })
      .onConflict((oc) => oc.column("destination").doNothing())
      .execute();
    const trouble = await db
      .selectFrom("troubles")
      .select("since")
      .where("destination", "=", destination)
      .executeTakeFirstOrThrow();
    return trouble.since;
  }

  /** The destination's open incident, opened now unless one is: resolves with when it opened. */
  async function openIncident(destination: string, at: Date): Promise<string> {
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
    return incident.opened_at;
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

  return {
    delivered,
    check,
    /** Forgets when each destination was last checked (the outbox stopped). */
    forget: () => lastCheck.clear(),
  };
}
