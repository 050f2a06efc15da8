import { hostname } from "node:os";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { firm } from "../core/firm";
import { parseKey, type Keyring } from "./intake/at-rest";
import { emailDestination, parseDestinations, type DestinationConfig } from "./intake/destinations/index";

const port = z.coerce.number().int().min(0).max(65535);
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(" or ")}`,
  );

/** A host on this machine: a cleartext connection to it crosses no network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** An address range in CIDR notation (IPv4 or IPv6). */
function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/** https, or http to this machine only. */
const secureUrl = z.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || (parsed.protocol === "http:" && isLoopbackHost(parsed.hostname));
  } catch {
    return false;
  }
}, "must be an https:// URL (http:// only on loopback: the secret and the verdict would cross the network in clear)");

/** An origin: scheme, host and port, nothing else (`https://www.example.com`). */
const origin = z.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}, "must be an origin such as https://www.example.com (no path)");

/** A comma-separated setting as its list of entries, blanks and spaces around them dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean),
);

const origins = commaList.pipe(z.array(origin)).transform((list) => list.map((value) => new URL(value).origin));

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** The canonical site: its origin may always post to the API. */
  SITE_URL: url(["https:", "http:"]).default(firm.defaultSiteUrl),
  /** Unset or `file:` / a path: SQLite. `postgres://` or `postgresql://`: PostgreSQL. */
  DATABASE_URL: z.string().min(1).default("file:./data/leads.db"),
  /**
   * 32 random bytes (base64 or hex) that seal the personal data of every submission and resume in
   * the store, its backups and resume files. Required when NODE_ENV=production (unless
   * ALLOW_UNENCRYPTED_STORE=true). Keep it outside the data folder and the backups: lost, the data
   * sealed with it is gone.
   */
  DATABASE_KEY: z.string().min(1).optional(),
  /** Keys replaced by DATABASE_KEY, comma-separated: still read, until `npm run leads -- rekey`. */
  DATABASE_KEYS_OLD: z.string().min(1).optional(),
  /** `true`: a production server starts without DATABASE_KEY, keeping personal data in clear. */
  ALLOW_UNENCRYPTED_STORE: z.enum(["true", "false"]).default("false"),
  /** Unset: messages are written as .eml files to MAIL_DIR. */
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_DIR: z.string().min(1).default("./data/mail"),
  MAIL_FROM: z.string().min(3).default("LFH Immigration Law <no-reply@lfh-immigration.example>"),
  LEADS_EMAIL_TO: z.string().email().default("intake@lfh-immigration.example"),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: secureUrl.default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Submissions one client address may make per minute on each form endpoint. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: `false` (none,
   * the default: the connection's address counts), `true` (one) or a number. The client address
   * is the entry the outermost trusted proxy added, counted from the right, never one the client
   * wrote itself; X-Forwarded-Proto is believed only then.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((v) => /^(true|false|[0-9])$/.test(v), "must be true, false or a number of proxies (0-9)")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  /** Other origins whose pages may post to the API (the site on a static host or CDN). */
  ALLOWED_ORIGINS: origins.default([]),
  /** Where the pages this server sends post their forms, when the API runs elsewhere. */
  API_ORIGIN: origin.transform((value) => new URL(value).origin).optional(),
  /** Total resume bytes the store may hold; past it, applications are taken without the file. */
  UPLOAD_STORAGE_MB: z.coerce.number().int().min(1).default(2048),
  /** Open connections the server serves at once; a connection past it is closed as soon as it opens. */
  MAX_CONNECTIONS: z.coerce.number().int().min(16).default(1024),
  /**
   * Days a submission is kept; the server purges older ones daily (the privacy policy promises
   * one year). `off`: kept until `npm run leads -- purge`.
   */
  PURGE_AFTER_DAYS: z
    .string()
    .default("365")
    .refine(
      (v) => v === "off" || (/^\d{1,5}$/.test(v) && Number(v) >= 1),
      "must be a number of days (1 or more) or off",
    )
    .transform((v) => (v === "off" ? undefined : Number(v))),
  /** Days a spam submission (honeypot, low captcha score) is kept, with the daily purge. */
  SPAM_KEEP_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Spam submissions the store keeps at most; past it a new one is answered as usual and not stored. */
  SPAM_MAX_ROWS: z.coerce.number().int().min(1).default(5000),
  /**
   * Uploads (job applications) are answered 503 with Retry-After while more than this many form
   * posts are being handled at once, so the leads of a flood keep the thread. A count of posts,
   * not a share of the loop's time: a measure of time on a shared machine rose with every cheap
   * post and a neighbour's work (decision 0042). Leads are never turned away for it. `off`:
   * uploads are bounded only by how many are in progress.
   */
  UPLOAD_SHED_LOAD: z
    .string()
    .default("32")
    .refine(
      (v) => v === "off" || (/^\d{1,5}$/.test(v) && Number(v) >= 1),
      "must be a number of form posts in progress (such as 32) or off",
    )
    .transform((v) => (v === "off" ? undefined : Number(v))),
  /** Names this process's outbox leases, so after a crash its restart takes them back at once. */
  INSTANCE_ID: z.string().min(1).max(200).optional(),
  /** Attempts per destination before a lead is dead-lettered there and the firm is told. */
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  /** Minutes of failing delivery to one destination before the firm is alerted (once per incident). */
  ALERT_AFTER_MINUTES: z.coerce.number().int().min(1).default(30),
  /**
   * A lead not delivered to a destination this many seconds after it was queued counts as failing
   * there: in /readyz (`failing`, `late`) and for the alert after ALERT_AFTER_MINUTES.
   */
  SLOW_DELIVERY_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  /**
   * Submissions the held-for-review queue keeps; past it the least real-looking, newest first,
   * are set aside as suspected spam (flag review-overflow), so a flood cannot bury real leads.
   */
  REVIEW_MAX_HELD: z.coerce.number().int().min(10).max(100_000).default(200),
  /** Where delivery problems are reported: email addresses and/or names of webhook destinations. */
  ALERT_TO: commaList.optional(),
  /** The public origin of this service, for the resume links in webhooks (default: SITE_URL). */
  INTAKE_URL: origin.transform((value) => new URL(value).origin).optional(),
  /**
   * The settings file the server and the commands read (server/env-file.ts; unset: `.env` in the
   * folder they run from). Named in the commands an alert prints, so they run with the same file.
   */
  ENV_FILE: z.string().min(1).optional(),
  /** Where the server takes a backup of the store and the resume files every day (unset: no schedule). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many backups are kept in BACKUP_DIR (the oldest beyond it are removed after each). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** When the daily backup runs, `HH:MM` in UTC (08:00 UTC is 2 or 3 a.m. in Texas). */
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (UTC), such as 08:00")
    .default("08:00"),
  /** The editor's local backend (`npm run cms`, decap-server on loopback): /admin may talk to this port. */
  CMS_LOCAL_PORT: port.default(8081),
  /** Where the staff console is reached (`https://intake.example.com`), for invitation links (default: INTAKE_URL). */
  STAFF_URL: origin.transform((value) => new URL(value).origin).optional(),
  /**
   * Networks the staff console answers (`203.0.113.0/24,2001:db8::/48`); every other address gets
   * 404. Unset: any address (a passkey is still needed).
   */
  STAFF_ALLOWED_NETWORKS: commaList
    .refine((list) => list.every(isCidr), "must be networks such as 203.0.113.0/24, separated by commas")
    .optional(),
  /** How long a resume link in a webhook stays valid. */
  RESUME_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
});

export type Env = Omit<
  z.output<typeof schema>,
  "INSTANCE_ID" | "ALERT_TO" | "INTAKE_URL" | "DATABASE_KEY" | "DATABASE_KEYS_OLD"
> & {
  INSTANCE_ID: string;
  ALERT_TO: string[];
  INTAKE_URL: string;
  /** Lead destinations besides the inbox email (webhooks, Clio Grow). */
  destinations: DestinationConfig[];
  /** Settings that send something in clear over a network: logged at start, shown by /readyz. */
  warnings: ConfigWarning[];
  /** DATABASE_KEY and DATABASE_KEYS_OLD, read; undefined: the store keeps personal data in clear. */
  keyring: Keyring | undefined;
};

/**
 * The keys of the store's encryption at rest. A production server without one does not start,
 * unless told in so many words that personal data may be kept in clear.
 */
function readKeyring(
  data: { DATABASE_KEY?: string | undefined; DATABASE_KEYS_OLD?: string | undefined; ALLOW_UNENCRYPTED_STORE: string },
  nodeEnv: string | undefined,
): Keyring | undefined {
  if (!data.DATABASE_KEY) {
    if (data.DATABASE_KEYS_OLD)
      throw new Error("DATABASE_KEYS_OLD: is set without DATABASE_KEY, the key that replaces them");
    if (nodeEnv === "production" && data.ALLOW_UNENCRYPTED_STORE !== "true")
      throw new Error(
        "DATABASE_KEY: is not set, and NODE_ENV=production: the store would keep immigration status, histories and contact instructions in clear. Make a key (openssl rand -base64 32), keep it outside the data folder and the backups, and set DATABASE_KEY; or set ALLOW_UNENCRYPTED_STORE=true to keep them in clear",
      );
    return undefined;
  }
  const current = parseKey(data.DATABASE_KEY, "DATABASE_KEY");
  const old = (data.DATABASE_KEYS_OLD ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) => parseKey(text, "DATABASE_KEYS_OLD"))
    .filter((key) => key.id !== current.id);
  return { current, old };
}

export interface ConfigWarning {
  setting: string;
  message: string;
}

/**
 * Settings the server starts with but that put leads or links in clear on the network: an SMTP
 * relay off this machine told not to insist on STARTTLS, and a public intake address on http
 * (the resume links in webhooks carry it).
 */
function cleartextWarnings(data: { SMTP_URL?: string | undefined; INTAKE_URL: string }): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  if (data.SMTP_URL) {
    const smtp = new URL(data.SMTP_URL);
    if (smtp.protocol === "smtp:" && smtp.searchParams.get("requireTLS") === "false" && !isLoopbackHost(smtp.hostname))
      warnings.push({
        setting: "SMTP_URL",
        message: `requireTLS=false to ${smtp.hostname}, which is not this machine: leads may cross the network unencrypted`,
      });
  }
  const intake = new URL(data.INTAKE_URL);
  if (intake.protocol === "http:" && !isLoopbackHost(intake.hostname))
    warnings.push({
      setting: "INTAKE_URL",
      message: `${intake.origin} is http: resume links in webhooks would travel and be followed in clear`,
    });
  return warnings;
}

/** Reads and checks the configuration; a bad value stops the start with a one-line message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(
      `${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(present[String(issue.path[0])])})`,
    );
  }
  const destinations = parseDestinations(present);
  const alertTo = result.data.ALERT_TO ?? [result.data.LEADS_EMAIL_TO];
  for (const recipient of alertTo) {
    const isEmail = z.string().email().safeParse(recipient).success;
    const isWebhook = destinations.some((d) => d.kind === "webhook" && d.name === recipient);
    if (!isEmail && !isWebhook)
      throw new Error(
        `ALERT_TO: ${JSON.stringify(recipient)} is neither an email address nor a webhook destination's name${recipient === emailDestination ? " (write the address)" : ""}`,
      );
  }
  const intakeUrl = result.data.INTAKE_URL ?? new URL(result.data.SITE_URL).origin;
  const keyring = readKeyring(result.data, source.NODE_ENV);
  return {
    ...result.data,
    keyring,
    INSTANCE_ID: result.data.INSTANCE_ID ?? `${hostname()}:${result.data.PORT}`,
    ALERT_TO: alertTo,
    INTAKE_URL: intakeUrl,
    destinations,
    // The .eml files of MAIL_DIR are sealed with DATABASE_KEY when it is set (server/intake/mail.ts).
    warnings: cleartextWarnings({ SMTP_URL: result.data.SMTP_URL, INTAKE_URL: intakeUrl }),
  };
}
