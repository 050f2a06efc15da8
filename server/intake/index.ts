import { Hono, type ErrorHandler } from "hono";
import { scheduleBackups, type BackupStatus } from "../backup-schedule";
import type { Env } from "../env";
import { log } from "../log";
import { defaultLocale } from "../../core/locales";
import {
  type AcceptDependencies,
  busyRetryAfterSeconds,
  createAcceptPath,
  resultPageCsp,
  careersForm,
  createGroupCommit,
  leadForm,
  refererPage,
  refusalText,
  resultPage,
  isSpamStatus,
  spamRows,
  spamStatuses,
} from "./forms/index";
import { createArrivals } from "./arrivals";
import { Webhook } from "standardwebhooks";
import {
  clioGrowDeliverer,
  type Deliverer,
  createMailer,
  emailDeliverer,
  type Mailer,
  emailDestination,
  resumeDownload,
  postSigned,
  webhookDeliverer,
} from "./destinations/index";
import { healthRoutes } from "./health";
import { startOutbox, type AlertChannel } from "./outbox/index";
import { purgeOlderThan, schedulePurge } from "./purge";
import { createRateLimiter } from "./rate-limit";
import { createResumeBudget, keepResume, type ResumeBudget } from "./uploads/index";
import { boundReviewQueue, sendReviewDigest } from "./review/index";
import {
  isStoreUnreachable,
  openStore,
  serverKey,
  StoreFullError,
  storedResumeBytes,
  type NewSubmission,
  type Store,
} from "./store";

export interface IntakeOptions {
  /** Outbox poll interval (tests use a short one). */
  pollMs?: number;
  /** How long a delivery in progress keeps its row (a worker that died lets go after this). */
  leaseMs?: number;
  mailer?: Mailer;
  now?: () => Date;
  /** How long a write keeps retrying while another process holds SQLite's lock, before 503. */
  busyBudgetMs?: number;
  /** How often the review digest is considered (it goes out at most once a UTC day). */
  digestCheckMs?: number;
  /** How long the captcha verifier may take before the submission is held for review. */
  captchaTimeoutMs?: number;
  /** Draws a submission's reference (tests pass one that repeats). */
  newReference?: () => string;
}

export interface Intake {
  app: Hono;
  store: Store;
  /** The mail transport leads go out by (the staff console's invitations use it too). */
  mailer: Mailer;
  /** Delivers what is due now to every destination; resolves with how many deliveries went out. */
  flush(): Promise<number>;
  /** Takes a backup now into BACKUP_DIR, as the nightly schedule does (undefined without BACKUP_DIR). */
  backup: (() => Promise<BackupStatus>) | undefined;
  /** Sends today's review digest if something waits and none went out today; resolves with the count listed. */
  digest(): Promise<number>;
  close(): Promise<void>;
}

/**
 * How long a full disk keeps /readyz failing after the write that found it: a load balancer that
 * stops sending leads here sends no write that could find the space freed, so it asks again after.
 */
const fullReadinessMs = 60_000;

/** Submissions held for review one client may make per hour, whatever RATE_LIMIT_PER_MINUTE says. */
export const reviewPerHour = 3;

/** A word a POSIX shell reads back as `text` (a path with spaces or quotes in it). */
export function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** The server's key for resume links, read when first needed: a PostgreSQL store may not be reachable at start. */
function resumeLinkKey(store: Store): () => Promise<Buffer> {
  let read: Promise<Buffer> | undefined;
  return () =>
    (read ??= serverKey(store, "resume-links").catch((error: unknown) => {
      read = undefined;
      throw error;
    }));
}

/** Where every lead goes: the firm's email, then each configured webhook or Clio Grow. */
function leadDeliverers(
  env: Env,
  { store, mailer, linkKey, now }: { store: Store; mailer: Mailer; linkKey: () => Promise<Buffer>; now: () => Date },
): Deliverer[] {
  return [
    emailDeliverer(mailer, env.MAIL_FROM, env.LEADS_EMAIL_TO, store.resumeDir, store.keyring),
    ...env.destinations.map((destination) =>
      destination.kind === "webhook"
        ? webhookDeliverer({
            ...destination,
            publicUrl: env.INTAKE_URL,
            resumeLinkHours: env.RESUME_LINK_HOURS,
            linkKey,
            now,
          })
        : clioGrowDeliverer({ ...destination, siteUrl: env.SITE_URL }),
    ),
  ];
}

/** Where delivery alerts go: ALERT_TO's email addresses in one message, and each webhook ALERT_TO names. */
function alertChannels(env: Env, mailer: Mailer, now: () => Date): AlertChannel[] {
  const alertEmails = env.ALERT_TO.filter((recipient) => recipient.includes("@"));
  const alertHooks = env.destinations.flatMap((d) =>
    d.kind === "webhook" && env.ALERT_TO.includes(d.name)
      ? [{ name: d.name, url: d.url, signer: new Webhook(d.secret) }]
      : [],
  );
  const messageDomain = /@([A-Za-z0-9.-]+)/.exec(env.MAIL_FROM)?.[1] ?? "localhost";
  // Each channel on its own: the webhook still gets an alert while the mail server is down.
  return [
    ...(alertEmails.length
      ? [
          {
            name: emailDestination,
            send: (notice: { id: string; subject: string; body: string }) =>
              mailer.send({
                from: env.MAIL_FROM,
                to: alertEmails,
                subject: notice.subject,
                text: notice.body,
                messageId: `<notice-${notice.id.replace(/[^\w-]/g, "-")}@${messageDomain}>`,
              }),
          },
        ]
      : []),
    ...alertHooks.map((hook) => ({
      name: hook.name,
      send: (notice: { id: string; subject: string; body: string }, signal: AbortSignal) =>
        postSigned(
          hook.signer,
          hook.url,
          `notice_${notice.id}`,
          JSON.stringify({
            type: "delivery.alert",
            version: 1,
            timestamp: now().toISOString(),
            data: { id: notice.id, subject: notice.subject, text: notice.body },
          }),
          signal,
        ),
    })),
  ];
}

/**
 * Keeps an accepted submission: spam within SPAM_MAX_ROWS, the resume within its budget, the row
 * through the group commit, the review queue within its bound. `full()` says whether a write found
 * the disk full lately (cleared by the next write that succeeds): /readyz reports the server
 * unready meanwhile.
 */
function createLeadKeeper(
  env: Env,
  store: Store,
  writer: ReturnType<typeof createGroupCommit>,
  budget: ResumeBudget,
): { keep: (submission: NewSubmission, deliver: boolean) => Promise<void>; full: () => boolean } {
  let fullSince: number | undefined;
  return {
    keep: async (submission, deliver) => {
      if (isSpamStatus(submission.status) && (await spamRows(store)) >= env.SPAM_MAX_ROWS) {
        // The bot gets the answer it always gets; the store keeps what it has.
        log("lead.spam_not_stored", { reason: "SPAM_MAX_ROWS", status: submission.status });
        return;
      }
      try {
        const kept = await keepResume(submission, budget, store.resumeDir, store.keyring);
        try {
          await writer.insert(kept.submission, deliver);
        } catch (error) {
          await kept.undo();
          throw error;
        }
        // The visitor's submission is stored: keeping the queue to its bound must not fail the answer.
        if (submission.status === "review")
          await boundReviewQueue(store, env.REVIEW_MAX_HELD).catch((error: unknown) =>
            log("review.bound_failed", { message: (error as Error).message.slice(0, 200) }),
          );
        fullSince = undefined;
      } catch (error) {
        const code = error instanceof StoreFullError ? error.code : (error as NodeJS.ErrnoException).code;
        if (code !== "ENOSPC" && !(error instanceof StoreFullError)) throw error;
        fullSince ??= performance.now();
        log("store.full", { code: code ?? "full", message: "the disk holding the store is full: leads are refused" });
        throw error instanceof StoreFullError ? error : new StoreFullError("ENOSPC");
      }
    },
    full: () => fullSince !== undefined && performance.now() - fullSince < fullReadinessMs,
  };
}

/** The accept path both forms take, its captcha check and budgets as the environment sets them. */
function formAcceptPath(
  env: Env,
  options: IntakeOptions,
  deps: Pick<AcceptDependencies, "now" | "arrivals" | "delivered"> & { keep: AcceptDependencies["store"] },
) {
  if (!env.RECAPTCHA_SECRET)
    log("captcha.unverified", {
      reason: "RECAPTCHA_SECRET is not set: captcha tokens are accepted without verification",
    });
  return createAcceptPath({
    trustedHops: env.TRUST_PROXY,
    captcha: {
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      minScore: env.RECAPTCHA_MIN_SCORE,
      hostnames: [env.SITE_URL, ...env.ALLOWED_ORIGINS].map((origin) => new URL(origin).hostname.toLowerCase()),
      ...(options.captchaTimeoutMs ? { timeoutMs: options.captchaTimeoutMs } : {}),
    },
    reviewLimiter: createRateLimiter(reviewPerHour, 3_600_000),
    now: deps.now,
    store: deps.keep,
    delivered: deps.delivered,
    arrivals: deps.arrivals,
    ...(options.newReference ? { newReference: options.newReference } : {}),
    shedAt: env.UPLOAD_SHED_LOAD,
  });
}

/** An error no route answered: ours, never the visitor's, so in their language, with the number to call. */
const answerError: ErrorHandler = (error, c) => {
  const from = refererPage(c.req.header("referer"));
  const locale = from?.locale ?? defaultLocale;
  if (isStoreUnreachable(error)) {
    // A resume download, or anything else that reads the store while the database is away.
    log("request.store_unreachable", { path: c.req.path });
    c.header("Retry-After", String(busyRetryAfterSeconds));
    return c.json({ ok: false, error: refusalText(locale, "busy") }, 503);
  }
  log("request.error", { path: c.req.path, message: error.message.slice(0, 200) });
  if (c.req.method === "POST" && (c.req.header("accept") ?? "").includes("text/html")) {
    c.header("Content-Security-Policy", resultPageCsp);
    return c.html(resultPage(locale, { ok: false, refused: "serverError" }, from?.path), 500);
  }
  return c.json({ ok: false, error: refusalText(locale, "serverError") }, 500);
};

/** The review digest, considered every `checkMs` where a captcha secret can hold submissions for review. */
function startDigests(env: Env, store: Store, mailer: Mailer, now: () => Date, checkMs: number) {
  const digest = () =>
    sendReviewDigest(store, mailer, { from: env.MAIL_FROM, to: env.LEADS_EMAIL_TO, now: now(), siteUrl: env.SITE_URL });
  const timer = env.RECAPTCHA_SECRET
    ? setInterval(
        () =>
          void digest().catch((error: unknown) =>
            log("review.digest_failed", { message: (error as Error).message.slice(0, 200) }),
          ),
        checkMs,
      )
    : undefined;
  timer?.unref();
  return { digest, stop: () => clearInterval(timer) };
}

/** The daily purge of leads after PURGE_AFTER_DAYS and of spam after SPAM_KEEP_DAYS (none without PURGE_AFTER_DAYS). */
function startPurge(env: Env, store: Store, budget: ResumeBudget, now: () => Date) {
  const days = env.PURGE_AFTER_DAYS;
  if (!days) return undefined;
  return schedulePurge(async () => {
    try {
      const result = await purgeOlderThan(store, new Date(now().getTime() - days * 86_400_000), env.MAIL_DIR);
      budget.release(result.resumeBytes);
      log("purge.done", { submissions: result.submissions, files: result.files, olderThanDays: days });
      const spamDays = env.SPAM_KEEP_DAYS;
      const spam = await purgeOlderThan(store, new Date(now().getTime() - spamDays * 86_400_000), env.MAIL_DIR, {
        only: spamStatuses,
      });
      budget.release(spam.resumeBytes);
      log("purge.spam_done", { submissions: spam.submissions, files: spam.files, olderThanDays: spamDays });
    } catch (error) {
      log("purge.failed", { message: (error as Error).message.slice(0, 200) });
    }
  });
}

/** The intake service: the two form endpoints on one accept path, the store and the outbox. */
export async function createIntake(env: Env, options: IntakeOptions = {}): Promise<Intake> {
  const store = await openStore(env.DATABASE_URL, { keyring: env.keyring });
  const mailer = options.mailer ?? createMailer(env.SMTP_URL, env.MAIL_DIR, env.keyring);
  const now = options.now ?? (() => new Date());
  const linkKey = resumeLinkKey(store);
  const deliverers = leadDeliverers(env, { store, mailer, linkKey, now });
  const arrivals = createArrivals();
  const outbox = startOutbox(store.db, deliverers, {
    arrivals,
    owner: env.INSTANCE_ID,
    bookkeeping: store.bookkeeping,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    alertAfterMinutes: env.ALERT_AFTER_MINUTES,
    now,
    slowAfterSeconds: env.SLOW_DELIVERY_SECONDS,
    alertChannels: alertChannels(env, mailer, now),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(env.ENV_FILE ? { leadsCommand: `ENV_FILE=${shellWord(env.ENV_FILE)} npm run leads --` } : {}),
  });
  const writer = createGroupCommit(
    store.db,
    deliverers.map((d) => d.name),
    options.busyBudgetMs,
  );
  const budget = createResumeBudget(env.UPLOAD_STORAGE_MB * 1024 * 1024, () => storedResumeBytes(store));
  const keeper = createLeadKeeper(env, store, writer, budget);
  const { route } = formAcceptPath(env, options, { now, arrivals, keep: keeper.keep, delivered: () => outbox.nudge() });
  const leads = leadForm(createRateLimiter(env.RATE_LIMIT_PER_MINUTE));
  const careers = careersForm({
    limiter: createRateLimiter(Math.max(1, Math.ceil(env.RATE_LIMIT_PER_MINUTE / 2))),
  });

  const backups = env.BACKUP_DIR
    ? scheduleBackups({
        databaseUrl: env.DATABASE_URL,
        dir: env.BACKUP_DIR,
        keep: env.BACKUP_KEEP,
        at: env.BACKUP_AT,
        db: store.db,
        now,
      })
    : undefined;

  let closing = false;
  const app = new Hono();
  app.route(
    "/",
    healthRoutes(store, {
      now,
      closing: () => closing,
      ...(backups ? { backup: backups.status } : {}),
      full: keeper.full,
      warnings: env.warnings,
      slowAfterSeconds: env.SLOW_DELIVERY_SECONDS,
    }),
  );
  app.route("/", resumeDownload(store, env.destinations, { key: linkKey, maxHours: env.RESUME_LINK_HOURS }, now));
  app.post(leads.route, route(leads));
  app.post(careers.route, route(careers));
  app.onError(answerError);

  const digests = startDigests(env, store, mailer, now, options.digestCheckMs ?? 3_600_000);
  const purge = startPurge(env, store, budget, now);

  return {
    app,
    store,
    mailer,
    flush: () => outbox.flush(),
    backup: backups ? () => backups.run() : undefined,
    digest: digests.digest,
    async close() {
      closing = true;
      digests.stop();
      await purge?.stop();
      await backups?.stop();
      await outbox.stop();
      mailer.close();
      await store.close();
    },
  };
}
