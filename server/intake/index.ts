import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { limits, resumeTypes } from "../../core/form-options";
import { careersSchema, leadSchema, validate, type FieldErrors } from "../../core/forms";
import { messages } from "../../core/i18n";
import { isLocale, matchLocale, type Locale } from "../../core/locales";
import { apiPaths } from "../../core/site-paths";
import type { Env } from "../env";
import { BodyError, bodyKind, parseBody, type BodyKind, type ParsedBody } from "./body";
import { verifyCaptcha } from "./captcha";
import { createGroupCommit } from "./group-commit";
import { log } from "./log";
import { createMailer, type Mailer } from "./mail";
import { startOutbox } from "./outbox";
import { createRateLimiter } from "./rate-limit";
import { resultPage, safeReturnPath } from "./result-page";
import { openStore, type NewSubmission, type Store, type SubmissionStatus } from "./store";

export interface IntakeOptions {
  /** Outbox poll interval (tests use a short one). */
  pollMs?: number;
  /** How long a delivery in progress keeps its row (a worker that died lets go after this). */
  leaseMs?: number;
  mailer?: Mailer;
  now?: () => Date;
}

export interface Intake {
  app: Hono;
  store: Store;
  /** Delivers what is due now; resolves with how many messages went out. */
  flush(): Promise<number>;
  close(): Promise<void>;
}

const leadBodyLimit = 64 * 1024;
const careersBodyLimit = limits.resumeBytes + 1024 * 1024;

function requestLocale(c: Context, fields: Record<string, unknown>): Locale {
  if (isLocale(fields.locale)) return fields.locale;
  const header = c.req.header("accept-language") ?? "";
  return (
    header
      .split(",")
      .map((part) => matchLocale(part.split(";")[0]?.trim()))
      .find((l) => l !== undefined) ?? "en"
  );
}

function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** A plain HTML form post (no JavaScript) wants a page back, not JSON. */
function wantsHtml(c: Context, kind: BodyKind): boolean {
  return kind !== "json" && (c.req.header("accept") ?? "").includes("text/html");
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export async function createIntake(env: Env, options: IntakeOptions = {}): Promise<Intake> {
  const store = await openStore(env.DATABASE_URL);
  const { db } = store;
  const mailer = options.mailer ?? createMailer(env.SMTP_URL, env.MAIL_DIR);
  const now = options.now ?? (() => new Date());
  const outbox = startOutbox(db, mailer, {
    from: env.MAIL_FROM,
    to: env.LEADS_EMAIL_TO,
    now,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
  const writer = createGroupCommit(db);
  const limiters = {
    leads: createRateLimiter(env.RATE_LIMIT_PER_MINUTE),
    careers: createRateLimiter(Math.max(1, Math.ceil(env.RATE_LIMIT_PER_MINUTE / 2))),
  };
  if (!env.RECAPTCHA_SECRET)
    log("captcha.unverified", {
      reason: "RECAPTCHA_SECRET is not set: captcha tokens are accepted without verification",
    });
  const captcha = {
    secret: env.RECAPTCHA_SECRET,
    verifyUrl: env.RECAPTCHA_VERIFY_URL,
    minScore: env.RECAPTCHA_MIN_SCORE,
  };

  function answer(
    c: Context,
    kind: BodyKind,
    locale: Locale,
    outcome: { ok: true; id: string } | { ok: false; errors: FieldErrors },
    page?: string,
  ) {
    if (wantsHtml(c, kind)) {
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      c.header("Cache-Control", "no-store");
      return c.html(resultPage(locale, outcome.ok ? { ok: true } : outcome, page), outcome.ok ? 200 : 400);
    }
    return outcome.ok ? c.json({ ok: true, id: outcome.id }, 201) : c.json({ ok: false, errors: outcome.errors }, 400);
  }

  async function accept(
    record: Omit<NewSubmission, "id" | "created_at" | "status" | "flags" | "captcha_score">,
    spam: boolean,
    token: unknown,
  ) {
    const verdict = spam
      ? { score: null, flag: null, lowScore: false }
      : await verifyCaptcha(typeof token === "string" ? token : undefined, captcha);
    const status: SubmissionStatus = spam ? "spam" : verdict.lowScore ? "suspected-spam" : "accepted";
    const id = randomUUID();
    const at = now().toISOString();
    await writer.insert(
      { ...record, id, created_at: at, status, flags: verdict.flag ?? "", captcha_score: verdict.score },
      status === "accepted",
    );
    log("lead.accepted", { id, kind: record.kind, status, flag: verdict.flag, score: verdict.score });
    if (status === "accepted") void outbox.kick().catch(() => undefined);
    return id;
  }

  async function handle(c: Context, form: "leads" | "careers") {
    const started = Date.now();
    const kind = bodyKind(c.req.header("content-type"));
    const allowed: BodyKind[] = form === "leads" ? ["json", "form", "multipart"] : ["multipart", "form", "json"];
    if (!kind || !allowed.includes(kind)) return c.json({ ok: false, error: "Unsupported content type" }, 415);
    if (!limiters[form](clientAddress(c, env.TRUST_PROXY))) {
      c.header("Retry-After", "60");
      return c.json({ ok: false, error: messages(requestLocale(c, {})).consultation.error }, 429);
    }
    let body: ParsedBody;
    try {
      body = await parseBody(c.req.raw, kind, form === "leads" ? leadBodyLimit : careersBodyLimit);
    } catch (error) {
      if (error instanceof BodyError) return c.json({ ok: false, error: error.message }, error.status);
      throw error;
    }
    const { fields, files } = body;
    const locale = requestLocale(c, fields);
    const page = safeReturnPath(fields.page);
    const spam = text(fields.company) !== "";
    if (form === "leads") {
      const result = validate(leadSchema(locale), { ...fields, company: "" });
      if (!result.ok && !spam) return answer(c, kind, locale, result, page);
      const data = result.ok ? result.data : fields;
      const id = await accept(
        {
          kind: data.source === "information-request" ? "information" : "consultation",
          locale,
          name: text(data.name),
          email: text(data.email),
          phone: text(data.phone),
          office: text(data.office),
          topic: text(data.topic),
          message: text(data.message),
          page: page ?? "",
          details: JSON.stringify({ ...data, company: text(fields.company), recaptchaToken: undefined }),
          resume_name: null,
          resume_type: null,
          resume: null,
        },
        spam,
        fields.recaptchaToken,
      );
      log("request", { route: apiPaths.leads, status: 201, ms: Date.now() - started });
      return answer(c, kind, locale, { ok: true, id }, page);
    }
    const result = validate(careersSchema(locale), { ...fields, company: "" });
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    const resume = files.resume;
    let resumeType: string | undefined;
    if (resume) {
      const extension = resume.name.split(".").pop()?.toLowerCase() ?? "";
      resumeType = resumeTypes[extension];
      if (!resumeType) errors.resume ??= messages(locale).validation.resumeType;
      else if (resume.size > limits.resumeBytes) errors.resume ??= messages(locale).validation.resumeSize;
    }
    if (Object.keys(errors).length && !spam) return answer(c, kind, locale, { ok: false, errors }, page);
    const data = result.ok ? result.data : fields;
    const id = await accept(
      {
        kind: "application",
        locale,
        name: text(data.fullName),
        email: text(data.email),
        phone: text(data.phone),
        office: text(data.location),
        topic: "",
        message: text(data.coverLetter),
        page: page ?? "",
        details: JSON.stringify({ ...data, company: text(fields.company), recaptchaToken: undefined }),
        resume_name: resume && resumeType ? resume.name.slice(0, 200) : null,
        resume_type: resume && resumeType ? resumeType : null,
        resume: resume && resumeType && !spam ? Buffer.from(await resume.arrayBuffer()) : null,
      },
      spam,
      fields.recaptchaToken,
    );
    log("request", { route: apiPaths.careers, status: 201, ms: Date.now() - started });
    return answer(c, kind, locale, { ok: true, id }, page);
  }

  const app = new Hono();
  app.post(apiPaths.leads, (c) => handle(c, "leads"));
  app.post(apiPaths.careers, (c) => handle(c, "careers"));
  app.onError((error, c) => {
    log("request.error", { path: c.req.path, message: error.message.slice(0, 200) });
    return c.json({ ok: false, error: "Something went wrong on our side. Please call us." }, 500);
  });

  return {
    app,
    store,
    flush: () => outbox.kick(),
    async close() {
      await outbox.stop();
      mailer.close();
      await store.close();
    },
  };
}
