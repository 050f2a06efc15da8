// `npm run leads -- <command>`: how the firm sees what came in. Uses DATABASE_URL like the server.
import { visibleControls } from "../core/text";
import { loadEnv } from "./env";
import { emailDestination } from "./intake/destinations";
import { enqueueDeliveries } from "./intake/outbox";
import { openStore, type OutboxRow, type Submission } from "./intake/store";

/**
 * Everything a visitor typed is shown with its control and bidi characters as visible escapes
 * (`\x1b`, `\u202e`): a name cannot clear the screen, plant a link, retitle the window or
 * overwrite its row with a forged one. JSON export escapes them by itself.
 */
function cellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    default:
      return value === null || value === undefined ? "" : (JSON.stringify(value) ?? "");
  }
}
const shown = (value: unknown): string => visibleControls(cellText(value));

const usage = `Usage: npm run leads -- <command>

  list [--kind consultation|information|application] [--limit N]   newest first
  show ID                                                           one submission, whole
  export --format csv|json [--since YYYY-MM-DD]                     to standard output
  purge --older-than DAYS                                           delete old submissions
  deliveries [--failed] [--limit N]                                 each lead's destinations: status, attempts, last error
  redeliver ID [--to NAME]                                          send again (to every destination, or to NAME)

Spam (honeypot) and suspected spam (low captcha score) are included and marked.`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith("--")) throw new UsageError(`--${name} needs a value`);
  return value;
}

const columns = [
  "id",
  "created_at",
  "kind",
  "status",
  "flags",
  "captcha_score",
  "locale",
  "name",
  "email",
  "phone",
  "office",
  "topic",
  "page",
  "message",
  "resume_name",
] as const;

function csvCell(value: unknown): string {
  const text = shown(value);
  // Quote every cell; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One destination of one lead, as a person reads it. */
function deliveryState(row: Pick<OutboxRow, "sent_at" | "failed_at" | "attempts" | "next_attempt_at" | "last_error">) {
  const error = row.last_error ? `, last error: ${shown(row.last_error)}` : "";
  if (row.sent_at) return `sent ${shown(row.sent_at)} (${row.attempts} attempt(s))`;
  if (row.failed_at) return `FAILED ${shown(row.failed_at)} after ${row.attempts} attempt(s)${error}`;
  return `pending, next attempt ${shown(row.next_attempt_at)} (${row.attempts} attempt(s) so far${error})`;
}

function mark(s: Pick<Submission, "status">): string {
  return s.status === "accepted" ? "" : s.status === "spam" ? " [SPAM]" : " [SUSPECTED SPAM]";
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === "--help" || command === "help") {
    console.log(usage);
    return command ? 0 : 2;
  }
  const env = loadEnv();
  // The firm's command may wait for a lock the server holds for a moment.
  const store = await openStore(env.DATABASE_URL, { busyTimeoutMs: 5000 });
  const { db } = store;
  try {
    switch (command) {
      case "list": {
        const kind = option(args, "kind");
        if (kind && !["consultation", "information", "application"].includes(kind))
          throw new UsageError(`Unknown kind ${kind}`);
        const limit = Number(option(args, "limit") ?? "50");
        if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive whole number");
        let query = db
          .selectFrom("submissions")
          .select(["id", "created_at", "kind", "status", "name", "office", "email"])
          .orderBy("created_at", "desc")
          .limit(limit);
        if (kind) query = query.where("kind", "=", kind as Submission["kind"]);
        const rows = await query.execute();
        for (const r of rows)
          console.log(
            `${shown(r.created_at)}  ${shown(r.id)}  ${shown(r.kind).padEnd(12)} ${shown(r.office || "-").padEnd(10)} ${shown(r.name)} <${shown(r.email)}>${mark(r)}`,
          );
        console.log(`${rows.length} submission(s)`);
        return 0;
      }
      case "show": {
        const id = args[0];
        if (!id) throw new UsageError("show needs an ID");
        const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) {
          console.error(`No submission ${shown(id)}`);
          return 1;
        }
        const deliveries = await db
          .selectFrom("outbox")
          .selectAll()
          .where("submission_id", "=", id)
          .orderBy("destination")
          .execute();
        for (const column of columns) console.log(`${column.padEnd(14)} ${shown(row[column])}`);
        if (!deliveries.length) console.log(`${"delivery".padEnd(14)} not sent anywhere (spam or held for review)`);
        for (const delivery of deliveries)
          console.log(`${`delivery ${shown(delivery.destination)}`.padEnd(14)} ${deliveryState(delivery)}`);
        console.log(`${"details".padEnd(14)} ${shown(row.details)}`);
        return 0;
      }
      case "export": {
        const format = option(args, "format");
        if (format !== "csv" && format !== "json") throw new UsageError("--format must be csv or json");
        const since = option(args, "since");
        if (since && !/^\d{4}-\d{2}-\d{2}$/.test(since)) throw new UsageError("--since must be YYYY-MM-DD");
        let query = db
          .selectFrom("submissions")
          .select([...columns])
          .orderBy("created_at");
        if (since) query = query.where("created_at", ">=", since);
        const rows = await query.execute();
        if (format === "json") process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        else
          process.stdout.write(
            `${[columns.join(","), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(","))].join("\n")}\n`,
          );
        return 0;
      }
      case "purge": {
        const days = Number(option(args, "older-than"));
        if (!Number.isFinite(days) || days < 1)
          throw new UsageError("--older-than needs a number of days (at least 1)");
        const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();
        const old = db.selectFrom("submissions").select("id").where("created_at", "<", cutoff);
        await db.deleteFrom("outbox").where("submission_id", "in", old).execute();
        const result = await db.deleteFrom("submissions").where("created_at", "<", cutoff).executeTakeFirst();
        console.log(`Deleted ${Number(result.numDeletedRows)} submission(s) older than ${days} day(s).`);
        return 0;
      }
      case "deliveries": {
        const limit = Number(option(args, "limit") ?? "50");
        if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive whole number");
        let query = db
          .selectFrom("outbox")
          .innerJoin("submissions", "submissions.id", "outbox.submission_id")
          .select([
            "outbox.submission_id",
            "outbox.destination",
            "outbox.created_at",
            "outbox.sent_at",
            "outbox.failed_at",
            "outbox.attempts",
            "outbox.next_attempt_at",
            "outbox.last_error",
            "submissions.kind",
          ])
          .orderBy("outbox.created_at", "desc")
          .orderBy("outbox.destination")
          .limit(limit);
        if (args.includes("--failed"))
          query = query.where((eb) =>
            eb.or([
              eb("outbox.failed_at", "is not", null),
              eb.and([eb("outbox.sent_at", "is", null), eb("outbox.attempts", ">", 0)]),
            ]),
          );
        const rows = await query.execute();
        for (const r of rows)
          console.log(
            `${shown(r.created_at)}  ${shown(r.submission_id)}  ${shown(r.kind).padEnd(12)} ${shown(r.destination).padEnd(12)} ${deliveryState(r)}`,
          );
        console.log(`${rows.length} deliver${rows.length === 1 ? "y" : "ies"}`);
        return 0;
      }
      case "redeliver": {
        const id = args[0];
        if (!id || id.startsWith("--")) throw new UsageError("redeliver needs an ID");
        const configured = [emailDestination, ...env.destinations.map((d) => d.name)];
        const to = option(args, "to");
        if (to && !configured.includes(to))
          throw new UsageError(`No destination ${shown(to)}; configured: ${configured.join(", ")}`);
        const lead = await db
          .selectFrom("submissions")
          .select(["id", "status"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!lead) {
          console.error(`No submission ${shown(id)}`);
          return 1;
        }
        if (lead.status !== "accepted") {
          console.error(`Submission ${shown(id)} is held (${lead.status}); it is sent nowhere until it is released.`);
          return 1;
        }
        const targets = to ? [to] : configured;
        const at = new Date().toISOString();
        await db.transaction().execute(async (trx) => {
          // Same row, so the same webhook-id: a receiver that already has the lead keeps one copy.
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
        console.log(`Queued ${shown(id)} for ${targets.join(", ")}; the running server sends it within seconds.`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(2);
    }
    console.error((error as Error).message);
    process.exit(1);
  },
);
