import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import {
  sql,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type Generated,
  type Migration,
  type Selectable,
} from "kysely";
import pg from "pg";
import { newReference } from "../../core/reference";
import { readStoredForm, type StoredForm } from "../../core/stored-form";
import { log } from "../log";
import { atRestPlugin, type Keyring } from "./at-rest";
import { checkStoreKeys, dropOldRowVersions } from "./at-rest-store";
import { staffMigrations, type StaffTables } from "../staff/tables";

export type SubmissionKind = "consultation" | "information" | "application";
/**
 * accepted: goes to the inbox. spam: honeypot. suspected-spam: low captcha score, kept out of the
 * inbox. review: a captcha is configured but could not vouch for it (placeholder token, failed or
 * unreachable verifier); it waits for a person to release or discard it.
 */
export type SubmissionStatus = "accepted" | "spam" | "suspected-spam" | "review";

interface SubmissionTable {
  id: string;
  /** What people read aloud and type (core/reference.ts), unique; rows older than it got one at migration. */
  reference: string;
  kind: SubmissionKind;
  status: SubmissionStatus;
  flags: string;
  captcha_score: number | null;
  created_at: string;
  locale: string;
  name: string;
  email: string;
  phone: string;
  office: string;
  topic: string;
  message: string;
  page: string;
  /** The form's fields as JSON (core/stored-form.ts); read with readSubmission, never parsed elsewhere. */
  details: string;
  resume_name: string | null;
  resume_type: string | null;
  /** The resume's bytes on PostgreSQL (and in rows stored before resume files). */
  resume: Buffer | null;
  /** On SQLite: the resume's file name in the store's resume folder (written off the event loop). */
  resume_file: string | null;
  resume_size: number | null;
}

/** The UTC days a review digest went out: the first instance to insert a day sends it. */
interface ReviewDigestTable {
  day: string;
  sent_at: string;
}

/** One row per (submission, destination): each destination is delivered, retried and failed on its own. */
interface OutboxTable {
  id: Generated<number>;
  submission_id: string;
  /** The destination's name: `email`, or a configured webhook or CRM. */
  destination: string;
  /** When the row was queued (the lead's arrival, or its release from review). */
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  /** The INSTANCE_ID of the worker holding the lease. */
  lease_owner: string | null;
  sent_at: string | null;
  /** Given up on: a refusal that will not change, or the last allowed attempt failed (dead letter). */
  failed_at: string | null;
  last_error: string | null;
}

/** A message to the firm about delivery itself (a dead letter, a destination failing for long). */
interface NoticeTable {
  /** Derived from what it reports, so two instances noticing the same thing store one notice. */
  id: string;
  subject: string;
  body: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  lease_owner: string | null;
  sent_at: string | null;
  /**
   * The alert channels (`email`, a webhook's name) that have it, comma-separated: each channel
   * is sent to and retried on its own, so one that is down does not hold the others' copy.
   */
  sent_to: string;
}

/**
 * A destination in trouble (a lead failing, or not delivered within SLOW_DELIVERY_SECONDS) and
 * since when; removed once it is calm again. Its alert goes out once it has lasted
 * ALERT_AFTER_MINUTES.
 */
interface TroubleTable {
  destination: string;
  since: string;
}

/** A destination whose deliveries have been failing long enough to alert; removed once it recovers. */
interface IncidentTable {
  destination: string;
  opened_at: string;
}

export interface Database extends StaffTables {
  submissions: SubmissionTable;
  outbox: OutboxTable;
  notices: NoticeTable;
  incidents: IncidentTable;
  troubles: TroubleTable;
  review_digests: ReviewDigestTable;
  server_keys: ServerKeyTable;
}

/** A key the server made for itself (base64), shared by every instance on one store. */
interface ServerKeyTable {
  name: string;
  key: string;
}

export type Submission = Selectable<SubmissionTable>;
export type NewSubmission = Omit<SubmissionTable, "resume_file" | "resume_size"> &
  Partial<Pick<SubmissionTable, "resume_file" | "resume_size">>;
/** A submission as everything past the store reads it: its form's fields typed, read once here. */
export type StoredSubmission = Omit<Submission, "details"> & { details: StoredForm };
export type OutboxRow = Selectable<OutboxTable>;

/** A row as it leaves the store: the JSON of its form read into the form's own type (any version). */
export function readSubmission(row: Submission): StoredSubmission {
  return { ...row, details: readStoredForm(row) };
}
export type NoticeRow = Selectable<NoticeTable>;

/** A submission's deliveries, one per destination, in the destinations' order (the console and the leads command show them). */
export function deliveriesOf(db: Kysely<Database>, submissionId: string): Promise<OutboxRow[]> {
  return db.selectFrom("outbox").selectAll().where("submission_id", "=", submissionId).orderBy("destination").execute();
}

/** The unique index on submissions.reference: a collision names it (see isReferenceTaken). */
const referenceIndex = "submissions_reference";

/**
 * Whether a write failed because its reference is already some other row's (SQLite names the
 * column, PostgreSQL the index): the caller draws a new reference and writes again.
 */
export function isReferenceTaken(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error ? error.code : undefined;
  const message = error instanceof Error ? error.message : "";
  if (code === "SQLITE_CONSTRAINT_UNIQUE") return message.includes("submissions.reference");
  return code === "23505" && "constraint" in error && error.constraint === referenceIndex;
}

/** One set of migrations for both dialects; ISO-8601 text dates sort and compare the same on both. */
function migrations(dialect: "sqlite" | "postgres"): Record<string, Migration> {
  const isPostgres = dialect === "postgres";
  return {
    "0001-submissions-and-outbox": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("submissions")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("flags", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("captcha_score", "real")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("locale", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("phone", "text", (c) => c.notNull())
          .addColumn("office", "text", (c) => c.notNull())
          .addColumn("topic", "text", (c) => c.notNull())
          .addColumn("message", "text", (c) => c.notNull())
          .addColumn("page", "text", (c) => c.notNull())
          .addColumn("details", "text", (c) => c.notNull())
          .addColumn("resume_name", "text")
          .addColumn("resume_type", "text")
          .addColumn("resume", isPostgres ? "bytea" : "blob")
          .execute();
        await db.schema.createIndex("submissions_created_at").on("submissions").column("created_at").execute();
        await db.schema
          .createTable("outbox")
          .addColumn("id", isPostgres ? "serial" : "integer", (c) =>
            isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("submission_id", "text", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (c) => c.notNull())
          .addColumn("lease_until", "text")
          .addColumn("sent_at", "text")
          .addColumn("last_error", "text")
          .execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
      },
    },
    "0002-outbox-lease-owner": {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("outbox").addColumn("lease_owner", "text").execute();
      },
    },
    // Rows queued before destinations existed were the email: they stay pending as such.
    "0003-outbox-per-destination": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable("outbox")
          .addColumn("destination", "text", (c) => c.notNull().defaultTo("email"))
          .execute();
        await db.schema.alterTable("outbox").addColumn("created_at", "text").execute();
        await db.schema.alterTable("outbox").addColumn("failed_at", "text").execute();
        await sql`update outbox set created_at = (select s.created_at from submissions s where s.id = outbox.submission_id)`.execute(
          db,
        );
        await db.schema
          .createIndex("outbox_lead_destination")
          .on("outbox")
          .columns(["submission_id", "destination"])
          .unique()
          .execute();
        await db.schema.dropIndex("outbox_due").execute();
        await db.schema
          .createIndex("outbox_due")
          .on("outbox")
          .columns(["destination", "sent_at", "failed_at", "next_attempt_at"])
          .execute();
        await db.schema
          .createTable("notices")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("subject", "text", (c) => c.notNull())
          .addColumn("body", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (c) => c.notNull())
          .addColumn("lease_until", "text")
          .addColumn("lease_owner", "text")
          .addColumn("sent_at", "text")
          .execute();
        await db.schema
          .createTable("incidents")
          .addColumn("destination", "text", (c) => c.primaryKey())
          .addColumn("opened_at", "text", (c) => c.notNull())
          .execute();
      },
    },
    "0004-resume-files-and-review": {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("submissions").addColumn("resume_file", "text").execute();
        await db.schema.alterTable("submissions").addColumn("resume_size", "integer").execute();
        await db.schema
          .createTable("review_digests")
          .addColumn("day", "text", (c) => c.primaryKey())
          .addColumn("sent_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("submissions_status").on("submissions").column("status").execute();
      },
    },
    "0005-server-keys": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("server_keys")
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("key", "text", (c) => c.notNull())
          .execute();
      },
    },
    // Every row stored before references gets one here, drawn so no two repeat.
    "0006-submission-references": {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("submissions").addColumn("reference", "text").execute();
        const rows = await sql<{ id: string }>`select id from submissions`.execute(db);
        const taken = new Set<string>();
        for (const { id } of rows.rows) {
          let reference = newReference();
          while (taken.has(reference)) reference = newReference();
          taken.add(reference);
          await sql`update submissions set reference = ${reference} where id = ${id}`.execute(db);
        }
        await db.schema.createIndex(referenceIndex).on("submissions").column("reference").unique().execute();
      },
    },
    ...staffMigrations(isPostgres),
    "0008-alert-channels-and-troubles": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable("notices")
          .addColumn("sent_to", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema
          .createTable("troubles")
          .addColumn("destination", "text", (c) => c.primaryKey())
          .addColumn("since", "text", (c) => c.notNull())
          .execute();
      },
    },
  };
}

/**
 * A message to the firm (a delivery alert, a dead letter, a failed backup), queued for the outbox
 * to send to ALERT_TO. The id makes it once-only: resolves whether this call queued it.
 */
export async function queueNotice(
  db: Kysely<Database>,
  notice: { id: string; subject: string; lines: string[]; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("notices")
    .values({
      id: notice.id,
      subject: notice.subject,
      body: notice.lines.join("\n"),
      created_at: notice.at,
      attempts: 0,
      next_attempt_at: notice.at,
      lease_until: null,
      lease_owner: null,
      sent_at: null,
      sent_to: "",
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The store cannot take a write right now (another process holds SQLite's write lock). */
export class StoreBusyError extends Error {
  constructor(message = "The store is busy") {
    super(message);
  }
}

/** The database server cannot be reached right now (restarting, down, or our connection was ended). */
export class StoreUnreachableError extends StoreBusyError {
  constructor() {
    super("The store is unreachable");
  }
}

/** Socket errors, SQLSTATE class 08 (connection exception) and 57P0x (shutdown, cannot connect now). */
const unreachableCodes =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|08...|57P0[123])$/;
/** What pg says, without a code, of a connection that ended or never came. */
const unreachableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error says the database server is away rather than that the statement was wrong:
 * the caller answers 503 (or retries later) instead of 500. Kysely and pg may wrap the cause.
 */
export function isStoreUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === "object" && cause !== null && depth < 4; depth++) {
    if (cause instanceof StoreUnreachableError) return true;
    const code = "code" in cause && typeof cause.code === "string" ? cause.code : "";
    if (unreachableCodes.test(code)) return true;
    if (cause instanceof Error && unreachableMessages.test(cause.message)) return true;
    // An AggregateError (several addresses refused) carries the refusals in `errors`.
    if (cause instanceof AggregateError) return cause.errors.some(isStoreUnreachable);
    cause = "cause" in cause ? cause.cause : undefined;
  }
  return false;
}

/**
 * The store cannot take a write because its disk (or PostgreSQL's) is full: nothing will change
 * until space is freed, so the visitor is asked to call and the server reports itself unready.
 */
export class StoreFullError extends Error {
  constructor(readonly code: string) {
    super("The store is full");
  }
}

/** SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100): the code, or undefined for anything else. */
export function storeFullCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const { code } = error;
  return code === "SQLITE_FULL" || code === "53100" ? code : undefined;
}

function isBusy(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const { code } = error;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/**
 * Runs a write, retrying while SQLite reports the database locked or PostgreSQL cannot be reached
 * (a restart, a connection ended under it): the waits are timers, so the event loop keeps serving
 * pages meanwhile. After `budgetMs` it gives up with StoreBusyError (StoreUnreachableError). A
 * write retried after a lost connection may have committed the first time, its answer lost with
 * the connection: `write` is told so, and must then be safe to run twice.
 */
export async function withBusyRetry<T>(
  write: (retry: { afterLostConnection: boolean }) => Promise<T>,
  budgetMs = 1000,
  { whileUnreachable = true } = {},
): Promise<T> {
  const until = Date.now() + budgetMs;
  let afterLostConnection = false;
  for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
    try {
      return await write({ afterLostConnection });
    } catch (error) {
      const unreachable = isStoreUnreachable(error);
      afterLostConnection ||= unreachable;
      if (unreachable ? !whileUnreachable : !isBusy(error)) throw error;
      if (Date.now() + delay > until) throw unreachable ? new StoreUnreachableError() : new StoreBusyError();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

function sqlitePath(url: string): string {
  return resolve(url.replace(/^file:(\/\/)?/, ""));
}

/** Runs writes the outbox can afford to lose to a power cut (see Store.bookkeeping). */
export type Bookkeeping = <T>(write: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

export interface Store {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  /**
   * Runs the outbox's own bookkeeping (claims, lease renewals, "sent" marks). With SQLite these
   * commits skip the fsync (synchronous=NORMAL for their duration): each fsync blocks the server's
   * thread, and a busy outbox made as many of them as the leads' own commits. A killed process
   * loses nothing (the WAL is written; only the fsync is skipped), and the next lead's commit
   * syncs them along. Only a power cut can undo the last of them: a "sent" mark lost that way
   * sends the lead again with the same id, which at-least-once delivery allows; a lost claim or
   * renewal is a lease that ends sooner. Leads themselves are always committed with the fsync.
   */
  bookkeeping: Bookkeeping;
  /** SQLite: the folder resume files are written to (beside the database file, 0700). */
  resumeDir: string | undefined;
  /**
   * DATABASE_KEY (and DATABASE_KEYS_OLD): with it, `db` seals what a visitor sent as it is
   * inserted and opens it as it is read (server/intake/at-rest.ts), and resume files are sealed.
   */
  keyring?: Keyring | undefined;
  close(): Promise<void>;
}

/**
 * The server's own key called `name`: made (32 random bytes) the first time it is asked for and
 * kept in the store, so every instance and every restart signs and checks with the same one.
 * Deleting its row revokes everything signed with it.
 */
export async function serverKey(store: Pick<Store, "db">, name: string): Promise<Buffer> {
  await store.db
    .insertInto("server_keys")
    .values({ name, key: randomBytes(32).toString("base64") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await store.db.selectFrom("server_keys").select("key").where("name", "=", name).executeTakeFirstOrThrow();
  return Buffer.from(row.key, "base64");
}

/** Bytes of resumes the store holds (for the upload cap). */
export async function storedResumeBytes(store: Pick<Store, "db" | "dialect">): Promise<number> {
  const size = store.dialect === "postgres" ? sql<string>`octet_length(resume)` : sql<string>`length(resume)`;
  const row = await store.db
    .selectFrom("submissions")
    .select(sql<string | number | null>`coalesce(sum(coalesce(resume_size, ${size})), 0)`.as("bytes"))
    .where((eb) => eb.or([eb("resume", "is not", null), eb("resume_file", "is not", null)]))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * The database file (and its WAL and shared-memory files) readable by this user only, on every
 * start: a file restored from a backup or copied with a wider mode is narrowed, with a warning.
 */
function narrowFileModes(file: string, fresh: boolean): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path)) continue;
    const mode = statSync(path).mode & 0o777;
    if (mode === 0o600) continue;
    chmodSync(path, 0o600);
    if (!fresh) log("store.mode_narrowed", { file: path.slice(file.length) || "database", was: mode.toString(8) });
  }
}

export interface StoreOptions {
  /**
   * How long a SQLite statement may wait, blocking, for another process's write lock. The server
   * uses 0: better-sqlite3 waits synchronously, which would freeze every request, so writes retry
   * on timers instead (withBusyRetry) and a lead that still cannot be stored gets 503
   * (docs/decisions/0005-sqlite-lock-never-blocks.md). The leads command may wait.
   */
  busyTimeoutMs?: number;
  /** The keys personal data is sealed with; without, it is stored in clear (and a sealed store is refused). */
  keyring?: Keyring | undefined;
}

/** The store's migrations by name, in order (a test brings a store up to an older one). */
export { migrations as storeMigrations };

async function migrateToLatest(db: Kysely<Database>, dialect: Store["dialect"]): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations(dialect)) } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error("Migration failed", { cause: error });
}

const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : "error";

/**
 * PostgreSQL through a pool that outlives the server it talks to. pg emits 'error' when a
 * connection ends under it (a restart, pg_terminate_backend): on the pool for an idle client, on
 * the client itself for one a query or transaction holds, and an 'error' nobody listens to ends
 * the process. Both are listened to; the dead client is dropped and the next query opens a new
 * connection. The schema is brought up to date before the first query: Kysely asks for the pool
 * then, and asks again after a failure, so a database that is down at start-up is migrated when
 * it appears, before anything else reads or writes it.
 */
function openPostgres(databaseUrl: string, keyring: Keyring | undefined) {
  // A connection attempt that hangs (a host gone from the network) fails after 5 s, like a
  // refused one, rather than holding a visitor's post; keepAlive notices a silently dead socket.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
  const lost = new WeakSet<object>();
  const connectionLost = (client: object, error: unknown) => {
    if (lost.has(client)) return;
    lost.add(client);
    log("store.connection_lost", { code: errorCode(error) });
  };
  pool.on("error", (error, client) => connectionLost(client, error));
  pool.on("connect", (client) => client.on("error", (error) => connectionLost(client, error)));
  // The migrations borrow the pool's connections and leave ending it to the store.
  const borrowed = { connect: () => pool.connect(), end: () => Promise.resolve() };
  const migrator = new Kysely<Database>({ dialect: new PostgresDialect({ pool: borrowed }) });
  let migrated: Promise<void> | undefined;
  const migrate = () =>
    (migrated ??= migrateToLatest(migrator, "postgres")
      .then(() => checkStoreKeys(migrator, keyring, undefined))
      .then(async (sealed) => (sealed.rows ? dropOldRowVersions(migrator, "postgres") : undefined))
      .catch((error: unknown) => {
        migrated = undefined;
        throw error;
      }));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: async () => {
        await migrate();
        return pool;
      },
    }),
    plugins: keyring ? [atRestPlugin(keyring)] : [],
  });
  const end = async () => {
    // A first connection still failing (the database never came) makes destroy reject.
    await db.destroy().catch(() => undefined);
    if (!pool.ended) await pool.end();
  };
  return { db, migrate, end };
}

/**
 * Opens the store and brings its schema up to date. SQLite runs in WAL mode with
 * synchronous=FULL: a lead is on disk before its 201 is sent, at a cost of one fsync per
 * commit, which WAL keeps cheap (docs/decisions/0002). A PostgreSQL server that cannot be
 * reached yet does not stop the opening: the schema is brought up to date once it answers, and
 * meanwhile every query fails as unreachable (docs/decisions/0028).
 */
export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) {
    const postgres = openPostgres(databaseUrl, options.keyring);
    try {
      await postgres.migrate();
    } catch (error) {
      if (!isStoreUnreachable(error)) {
        await postgres.end();
        throw error;
      }
      log("store.unreachable", { code: errorCode(error), detail: "migrations run once the database answers" });
    }
    const { db } = postgres;
    return {
      db,
      dialect: "postgres",
      resumeDir: undefined,
      keyring: options.keyring,
      bookkeeping: (write) => write(db),
      close: postgres.end,
    };
  }
  const file = sqlitePath(databaseUrl);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const fresh = !existsSync(file);
  const database = new SQLite(file);
  narrowFileModes(file, fresh);
  database.pragma("journal_mode = WAL");
  // A deleted row's bytes are overwritten with zeros, not left readable in free pages (purge).
  database.pragma("secure_delete = ON");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  // Migrations run before the server listens: they may wait for a lock like the leads command.
  database.pragma("busy_timeout = 5000");
  const raw = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const resumeDir = join(dirname(file), "resumes");
  try {
    await migrateToLatest(raw, "sqlite");
    const sealed = await checkStoreKeys(raw, options.keyring, resumeDir);
    // The rows' clear text may still be in the WAL's older frames: emptied (the file's own freed
    // pages are overwritten by secure_delete).
    if (sealed.rows) database.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    await raw.destroy();
    throw error;
  }
  database.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 0))}`);
  const db = options.keyring ? raw.withPlugin(atRestPlugin(options.keyring)) : raw;
  // One connection, held for the whole write: no lead's commit runs while the fsync is off.
  const bookkeeping: Bookkeeping = (write) =>
    db.connection().execute(async (connection) => {
      await sql`pragma synchronous = NORMAL`.execute(connection);
      try {
        return await write(connection);
      } finally {
        await sql`pragma synchronous = FULL`.execute(connection);
      }
    });
  return { db, dialect: "sqlite", resumeDir, keyring: options.keyring, bookkeeping, close: () => db.destroy() };
}
