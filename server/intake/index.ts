import { Hono } from "hono";
import type { Env } from "../env";
import { log } from "../log";
import { createAcceptPath } from "./accept";
import { careersForm } from "./careers";
import { createGroupCommit } from "./group-commit";
import { leadForm } from "./leads";
import { Webhook } from "standardwebhooks";
import { clioGrowDeliverer } from "./clio-grow";
import type { Deliverer } from "./deliverer";
import { healthRoutes } from "./health";
import { createMailer, emailDeliverer, type Mailer } from "./mail";
import { startOutbox } from "./outbox";
import { createRateLimiter } from "./rate-limit";
import { resumeDownload } from "./resume-download";
import { openStore, storedResumeBytes, type Store } from "./store";
import { postSigned, webhookDeliverer } from "./webhook";

export interface IntakeOptions {
  /** Outbox poll interval (tests use a short one). */
  pollMs?: number;
  /** How long a delivery in progress keeps its row (a worker that died lets go after this). */
  leaseMs?: number;
  mailer?: Mailer;
  now?: () => Date;
  /** How long a write keeps retrying while another process holds SQLite's lock, before 503. */
  busyBudgetMs?: number;
}

export interface Intake {
  app: Hono;
  store: Store;
  /** Delivers what is due now to every destination; resolves with how many deliveries went out. */
  flush(): Promise<number>;
  close(): Promise<void>;
}

/** The intake service: the two form endpoints on one accept path, the store and the outbox. */
export async function createIntake(env: Env, options: IntakeOptions = {}): Promise<Intake> {
  const store = await openStore(env.DATABASE_URL);
  const mailer = options.mailer ?? createMailer(env.SMTP_URL, env.MAIL_DIR);
  const now = options.now ?? (() => new Date());
  const deliverers: Deliverer[] = [
    emailDeliverer(mailer, env.MAIL_FROM, env.LEADS_EMAIL_TO),
    ...env.destinations.map((destination) =>
      destination.kind === "webhook"
        ? webhookDeliverer({
            ...destination,
            publicUrl: env.INTAKE_URL,
            resumeLinkHours: env.RESUME_LINK_HOURS,
            now,
          })
        : clioGrowDeliverer({ ...destination, siteUrl: env.SITE_URL }),
    ),
  ];
  const alertEmails = env.ALERT_TO.filter((recipient) => recipient.includes("@"));
  const alertHooks = env.destinations.flatMap((d) =>
    d.kind === "webhook" && env.ALERT_TO.includes(d.name) ? [{ url: d.url, signer: new Webhook(d.secret) }] : [],
  );
  const outbox = startOutbox(store.db, deliverers, {
    owner: env.INSTANCE_ID,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    alertAfterMinutes: env.ALERT_AFTER_MINUTES,
    now,
    async notify(notice, signal) {
      if (alertEmails.length)
        await mailer.send({
          from: env.MAIL_FROM,
          to: alertEmails,
          subject: notice.subject,
          text: notice.body,
          messageId: `<notice-${notice.id.replace(/[^\w-]/g, "-")}@${/@([A-Za-z0-9.-]+)/.exec(env.MAIL_FROM)?.[1] ?? "localhost"}>`,
        });
      const body = JSON.stringify({
        type: "delivery.alert",
        version: 1,
        timestamp: now().toISOString(),
        data: { id: notice.id, subject: notice.subject, text: notice.body },
      });
      for (const hook of alertHooks)
        await postSigned(hook.signer, hook.url, `notice_${notice.id}`, body, now(), signal);
    },
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
  const writer = createGroupCommit(
    store.db,
    deliverers.map((d) => d.name),
    options.busyBudgetMs,
  );
  if (!env.RECAPTCHA_SECRET)
    log("captcha.unverified", {
      reason: "RECAPTCHA_SECRET is not set: captcha tokens are accepted without verification",
    });
  const route = createAcceptPath({
    trustedHops: env.TRUST_PROXY,
    captcha: { secret: env.RECAPTCHA_SECRET, verifyUrl: env.RECAPTCHA_VERIFY_URL, minScore: env.RECAPTCHA_MIN_SCORE },
    now,
    store: (submission, deliver) => writer.insert(submission, deliver),
    delivered: () => void outbox.kick().catch(() => undefined),
  });
  const leads = leadForm(createRateLimiter(env.RATE_LIMIT_PER_MINUTE));
  const careers = careersForm({
    limiter: createRateLimiter(Math.max(1, Math.ceil(env.RATE_LIMIT_PER_MINUTE / 2))),
    storedResumeBytes: () => storedResumeBytes(store),
    resumeStorageBytes: env.UPLOAD_STORAGE_MB * 1024 * 1024,
  });

  let closing = false;
  const app = new Hono();
  app.route("/", healthRoutes(store, { now, closing: () => closing }));
  app.route("/", resumeDownload(store, env.destinations, now));
  app.post(leads.route, ...route(leads));
  app.post(careers.route, ...route(careers));
  app.onError((error, c) => {
    log("request.error", { path: c.req.path, message: error.message.slice(0, 200) });
    return c.json({ ok: false, error: "Something went wrong on our side. Please call us." }, 500);
  });

  return {
    app,
    store,
    flush: () => outbox.kick(),
    async close() {
      closing = true;
      await outbox.stop();
      mailer.close();
      await store.close();
    },
  };
}
