import { z } from "zod";
import { firm } from "../core/firm";

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

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  SITE_URL: url(["https:", "http:"]).default(firm.defaultSiteUrl),
  /** Unset or `file:` / a path: SQLite. `postgres://` or `postgresql://`: PostgreSQL. */
  DATABASE_URL: z.string().min(1).default("file:./data/leads.db"),
  /** Unset: messages are written as .eml files to MAIL_DIR. */
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_DIR: z.string().min(1).default("./data/mail"),
  MAIL_FROM: z.string().min(3).default("LFH Immigration Law <no-reply@lfh-immigration.example>"),
  LEADS_EMAIL_TO: z.string().email().default("intake@lfh-immigration.example"),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: url(["https:", "http:"]).default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Submissions one client address may make per minute on each form endpoint. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Behind a reverse proxy, the client address is taken from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export type Env = z.output<typeof schema>;

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
  return result.data;
}
