// `npm run leads -- <command>`: how the firm sees what came in. Uses DATABASE_URL like the server.
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { firmRows } from "../core/form-fields";
import { parseReference } from "../core/reference";
import { loadConfiguredEnv } from "./env-file";
import { emailDestination, readMailFile, resealMailDir } from "./intake/destinations/index";
import { redeliver } from "./intake/outbox/index";
import { purgeOlderThan } from "./intake/purge";
import { discardFromReview, releaseFromReview, reviewQueue } from "./intake/review/index";
import { AtRestError } from "./intake/at-rest";
import { rekeyStore } from "./intake/at-rest-store";
import {
  deliveriesOf,
  openStore,
  readSubmission,
  type Database,
  type OutboxRow,
  type Store,
  type Submission,
} from "./intake/store";
import { columns, exportText, shown } from "./leads-export";
import { runIfScript } from "./run-if-script";

const usage = `Usage: npm run leads -- <command>

  list [--kind consultation|information|application] [--limit N]   newest first
  show ID                                                           one submission, whole (ID: its id or reference, LFH-7K3Q-9X)
  export --format csv|json [--since YYYY-MM-DD]                     to standard output
  purge --older-than DAYS                                           delete old submissions, their files and mail copies
  deliveries [--failed] [--limit N]                                 each lead's destinations: status, attempts, last error
  redeliver ID [--to NAME]                                          send again (to every destination, or to NAME)
  review                                                            what waits for review, oldest first
  review release ID                                                 send a held submission on to the firm
  review discard ID                                                 delete a held submission
  rekey                                                             seal everything with DATABASE_KEY (after a rotation)
  mail FILE                                                         an .eml file of MAIL_DIR as sent (opened with DATABASE_KEY)

Spam (honeypot), suspected spam (low captcha score) and held for review are included and marked.`;

class UsageError extends Error {}

/**
 * The submission id a command was given: the id itself, or a reference as someone read it out
 * (`lfh 7k3q 9x`), looked up. An id or reference that names no submission is given back as it
 * was, for the command's own "No submission" answer.
 */
async function submissionId(db: Kysely<Database>, given: string): Promise<string> {
  const reference = parseReference(given);
  if (!reference) return given;
  const row = await db.selectFrom("submissions").select("id").where("reference", "=", reference).executeTakeFirst();
  return row?.id ?? given;
}

const options = {
  kind: { type: "string" },
  limit: { type: "string" },
  format: { type: "string" },
  since: { type: "string" },
  "older-than": { type: "string" },
  failed: { type: "boolean" },
  to: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** One destination of one lead, as a person reads it. */
function deliveryState(row: Pick<OutboxRow, "sent_at" | "failed_at" | "attempts" | "next_attempt_at" | "last_error">) {
  const error = row.last_error ? `, last error: ${shown(row.last_error)}` : "";
  if (row.sent_at) return `sent ${shown(row.sent_at)} (${row.attempts} attempt(s))`;
  if (row.failed_at) return `FAILED ${shown(row.failed_at)} after ${row.attempts} attempt(s)${error}`;
  return `pending, next attempt ${shown(row.next_attempt_at)} (${row.attempts} attempt(s) so far${error})`;
}

const marks: Record<Submission["status"], string> = {
  accepted: "",
  spam: " [SPAM]",
  "suspected-spam": " [SUSPECTED SPAM]",
  review: " [REVIEW]",
};

/** Where the command writes and what it reads; a test passes its own. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  env: process.env,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** What a command is given: the store, the configuration, its options and arguments, and where to write. */
interface CommandRun {
  store: Store;
  db: Kysely<Database>;
  env: ReturnType<typeof loadConfiguredEnv>;
  values: ReturnType<typeof parse>["values"];
  args: string[];
  io: CliIo;
  say: (line: string) => void;
}

/** A command; resolves with its exit code (0, or 1: not found or failed), or throws UsageError. */
type Command = (run: CommandRun) => Promise<number>;

/** `--limit N`, 50 when not given. */
function limitOf(values: CommandRun["values"]): number {
  const limit = Number(values.limit ?? "50");
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive whole number");
  return limit;
}

/** The firm's email and every configured destination, by name. */
const destinationNames = (env: CommandRun["env"]) => [emailDestination, ...env.destinations.map((d) => d.name)];

const list: Command = async ({ db, values, say }) => {
  const kind = values.kind;
  if (kind !== undefined && kind !== "consultation" && kind !== "information" && kind !== "application")
    throw new UsageError(`Unknown kind ${kind}`);
  const limit = limitOf(values);
  let query = db
    .selectFrom("submissions")
    .select(["id", "reference", "created_at", "kind", "status", "name", "office", "email"])
    .orderBy("created_at", "desc")
    .limit(limit);
  if (kind) query = query.where("kind", "=", kind);
  const rows = await query.execute();
  for (const r of rows)
    say(
      `${shown(r.created_at)}  ${shown(r.reference)}  ${shown(r.id)}  ${shown(r.kind).padEnd(12)} ${shown(r.office || "-").padEnd(10)} ${shown(r.name)} <${shown(r.email)}>${marks[r.status]}`,
    );
  say(`${rows.length} submission(s)`);
  return 0;
};

const show: Command = async ({ db, args, io, say }) => {
  if (!args[0]) throw new UsageError("show needs an ID");
  const id = await submissionId(db, args[0]);
  const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) {
    io.err(`No submission ${shown(id)}\n`);
    return 1;
  }
  const deliveries = await deliveriesOf(db, id);
  // What must be read before calling comes before anything else.
  const { first, fields, freeText } = firmRows(readSubmission(row).details);
  for (const {
    row: [label, value],
  } of first)
    say(`${label}: ${shown(value)}`);
  for (const column of columns) say(`${column.padEnd(14)} ${shown(row[column])}`);
  if (!deliveries.length)
    say(
      `${"delivery".padEnd(14)} ${row.status === "review" ? "held for review: not sent anywhere" : "not sent anywhere (spam or held for review)"}`,
    );
  for (const delivery of deliveries)
    say(`${`delivery ${shown(delivery.destination)}`.padEnd(14)} ${deliveryState(delivery)}`);
  // What the firm's email shows, field by field, as the form declares it.
  for (const [label, value] of [...fields, freeText]) say(`${label.padEnd(14)} ${shown(value)}`);
  return 0;
};

const exportCommand: Command = async ({ db, values, io }) => {
  const format = values.format;
  if (format !== "csv" && format !== "json") throw new UsageError("--format must be csv or json");
  const since = values.since;
  if (since && !/^\d{4}-\d{2}-\d{2}$/.test(since)) throw new UsageError("--since must be YYYY-MM-DD");
  let query = db.selectFrom("submissions").selectAll().orderBy("created_at");
  if (since) query = query.where("created_at", ">=", since);
  io.out(exportText(await query.execute(), format));
  return 0;
};

const purge: Command = async ({ store, env, values, say }) => {
  const days = Number(values["older-than"]);
  if (!Number.isFinite(days) || days < 1) throw new UsageError("--older-than needs a number of days (at least 1)");
  const result = await purgeOlderThan(store, new Date(Date.now() - days * 86_400_000), env.MAIL_DIR);
  say(
    `Deleted ${result.submissions} submission(s) older than ${days} day(s), and ${result.files} file(s) (resumes, mail copies).`,
  );
  return 0;
};

const review: Command = async ({ store, db, env, args, io, say }) => {
  const [action, given] = args;
  const id = given && (await submissionId(db, given));
  if (!action) {
    const items = await reviewQueue(store);
    const now = Date.now();
    for (const item of items)
      say(
        `${shown(item.created_at)}  ${shown(item.reference)}  ${shown(item.id)}  ${shown(item.kind).padEnd(12)} ${Math.floor((now - Date.parse(item.created_at)) / 3_600_000)} h  ${shown(item.flags)}  ${shown(item.name)}`,
      );
    say(`${items.length} waiting for review`);
    return 0;
  }
  if ((action !== "release" && action !== "discard") || !id)
    throw new UsageError("review takes no argument, or release ID, or discard ID");
  const done =
    action === "release"
      ? await releaseFromReview(store, id, destinationNames(env))
      : await discardFromReview(store, id);
  if (!done) {
    io.err(`No submission ${shown(id)} waits for review\n`);
    return 1;
  }
  say(
    action === "release"
      ? `Released ${shown(id)}: the server's outbox sends it to the firm.`
      : `Discarded ${shown(id)}.`,
  );
  return 0;
};

const deliveries: Command = async ({ db, values, say }) => {
  const limit = limitOf(values);
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
  if (values.failed)
    query = query.where((eb) =>
      eb.or([
        eb("outbox.failed_at", "is not", null),
        eb.and([eb("outbox.sent_at", "is", null), eb("outbox.attempts", ">", 0)]),
      ]),
    );
  const rows = await query.execute();
  for (const r of rows)
    say(
      `${shown(r.created_at)}  ${shown(r.submission_id)}  ${shown(r.kind).padEnd(12)} ${shown(r.destination).padEnd(12)} ${deliveryState(r)}`,
    );
  say(`${rows.length} deliver${rows.length === 1 ? "y" : "ies"}`);
  return 0;
};

const redeliverCommand: Command = async ({ db, env, values, args, io, say }) => {
  if (!args[0]) throw new UsageError("redeliver needs an ID");
  const id = await submissionId(db, args[0]);
  const configured = destinationNames(env);
  const to = values.to;
  if (to && !configured.includes(to))
    throw new UsageError(`No destination ${shown(to)}; configured: ${configured.join(", ")}`);
  const lead = await db.selectFrom("submissions").select(["id", "status"]).where("id", "=", id).executeTakeFirst();
  if (!lead) {
    io.err(`No submission ${shown(id)}\n`);
    return 1;
  }
  if (lead.status !== "accepted") {
    io.err(`Submission ${shown(id)} is held (${lead.status}); it is sent nowhere until it is released.\n`);
    return 1;
  }
  const targets = to ? [to] : configured;
  const at = new Date().toISOString();
  await redeliver(db, id, targets, at);
  say(`Queued ${shown(id)} for ${targets.join(", ")}; the running server sends it within seconds.`);
  return 0;
};

const rekey: Command = async ({ store, env, say }) => {
  const { rows, files } = await rekeyStore(store);
  const mail = env.keyring ? await resealMailDir(env.MAIL_DIR, env.keyring) : 0;
  say(
    `Sealed ${rows} submission(s) and ${files} resume file(s) with DATABASE_KEY, and ${mail} .eml file(s) of MAIL_DIR. Every key but DATABASE_KEY is forgotten: remove DATABASE_KEYS_OLD once no backup you keep was taken before now.`,
  );
  return 0;
};

const mail: Command = async ({ env, args, io }) => {
  if (!args[0]) throw new UsageError("mail needs the path of an .eml file of MAIL_DIR");
  try {
    io.out((await readMailFile(args[0], env.keyring)).toString("utf8"));
  } catch (error) {
    if (!(error instanceof AtRestError)) throw error;
    io.err(`${error.message}\n`);
    return 1;
  }
  return 0;
};

const commands = new Map<string, Command>([
  ["list", list],
  ["show", show],
  ["export", exportCommand],
  ["purge", purge],
  ["review", review],
  ["deliveries", deliveries],
  ["redeliver", redeliverCommand],
  ["rekey", rekey],
  ["mail", mail],
]);

/** Runs one command; resolves with the exit code (2: bad usage, 1: not found or failed). */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const say = (line: string) => io.out(`${line}\n`);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (!command || values.help || command === "help") {
    say(usage);
    return command || values.help ? 0 : 2;
  }
  const env = loadConfiguredEnv(io.env);
  // The firm's command may wait for a lock the server holds for a moment.
  let store: Store;
  try {
    store = await openStore(env.DATABASE_URL, { busyTimeoutMs: 5000, keyring: env.keyring });
  } catch (error) {
    if (!(error instanceof AtRestError)) throw error;
    io.err(`${error.message}\n`);
    return 1;
  }
  try {
    const run = commands.get(command);
    if (!run) throw new UsageError(`Unknown command ${command}`);
    return await run({ store, db: store.db, env, values, args, io, say });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage}\n`);
    return 2;
  } finally {
    await store.close();
  }
}

runIfScript(import.meta.url, main);
