import { createHash, randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { FieldErrors, IntakeResponse } from "../../../core/form-fields";
import { validate, type Validation } from "../../../core/forms";
import { messages } from "../../../core/i18n";
import { isLocale, localeFromAcceptLanguage, type Locale } from "../../../core/locales";
import { newReference } from "../../../core/reference";
import { clientAddress, clientKey } from "../../client-address";
import { log, securityEvent } from "../../log";
import type { Arrivals } from "../arrivals";
import { bodyKind, parseBody, type BodyKind, type BodyRules } from "./body";
import { verifyCaptcha, type CaptchaOptions, type CaptchaVerdict } from "./captcha";
import type { RateLimiter } from "../rate-limit";
import {
  BodyError,
  createPostLoad,
  createUploadGate,
  type InProgressBounds,
  type ParsedBody,
  ResumeStorageFullError,
} from "../uploads/index";
import { refererPage, refusalText, resultPage, resultPageStyle, safeReturnPath, type Refusal } from "./result-page";
import { boundSpam, isSpamStatus } from "./spam-bounds";
import {
  isReferenceTaken,
  isStoreUnreachable,
  StoreBusyError,
  StoreFullError,
  StoreUnreachableError,
  type NewSubmission,
  type SubmissionStatus,
} from "../store";

/** What a form contributes to a stored submission; the accept path adds id, reference, time and status. */
export type SubmissionRecord = Omit<
  NewSubmission,
  "id" | "reference" | "created_at" | "status" | "flags" | "captcha_score"
>;

/** Draws of a reference before a submission gives up (each repeat has odds of about 1 in 3,000 at 10,000 leads). */
const referenceDraws = 5;

/**
 * Stores a submission under a fresh reference, drawing another when the store says the reference
 * is already some other row's; resolves with the reference it was stored under.
 */
async function storeWithReference(
  deps: Pick<AcceptDependencies, "store" | "newReference">,
  submission: Omit<NewSubmission, "reference">,
  deliver: boolean,
): Promise<string> {
  const draw = deps.newReference ?? newReference;
  for (let drawn = 1; ; drawn++) {
    const reference = draw();
    try {
      await deps.store({ ...submission, reference }, deliver);
      return reference;
    } catch (error) {
      if (!isReferenceTaken(error) || drawn >= referenceDraws) throw error;
      log("lead.reference_taken", { drawn });
    }
  }
}

type Schema<T> = Parameters<typeof validate<T>>[0];

/** One form of the site, as the shared accept path needs it. */
export interface FormDefinition<T> {
  route: string;
  /** The body types the form takes, each with its size limit in bytes (JSON is never a file). */
  bodyLimits: Partial<Record<BodyKind, number>>;
  /** The form's field names: only these are read from a body, the rest is counted and dropped. */
  fields: ReadonlySet<string>;
  limiter: RateLimiter;
  /**
   * Requests of this form read, parsed and stored at once (in all, and per client), and the body
   * bytes they may hold together; more get 503 with Retry-After, before their body is read when
   * its declared length tells, else as soon as its bytes pass the bound. (Behind nginx a body
   * arrives whole at loopback speed, so a slot is held for the work, not for the visitor's link.)
   */
  inProgress?: InProgressBounds;
  schema(locale: Locale): Schema<T>;
  /**
   * Whether the visitor said how and when it is safe to reach them: the confirmation then says the
   * team will follow that, never that it will call.
   */
  safeContactGiven?(data: T): boolean;
  /** The action the page asks the captcha for when it sends this submission. */
  captchaAction(data: T): string;
  /**
   * Checks the schema cannot make (a resume's bytes, the storage cap) and the stored record.
   * `spam`: the honeypot was filled; the submission is kept for review but its file is not.
   */
  prepare(
    data: T,
    body: ParsedBody,
    context: { locale: Locale; page: string; spam: boolean },
  ): Promise<{ ok: true; record: SubmissionRecord } | { ok: false; errors: FieldErrors; reason: string }>;
}

export interface AcceptDependencies {
  trustedHops: number;
  captcha: CaptchaOptions;
  /** The much smaller budget of a client whose submissions the captcha could not vouch for. */
  reviewLimiter: RateLimiter;
  now: () => Date;
  store(submission: NewSubmission, deliver: boolean): Promise<void>;
  /** Draws a reference (core/reference.ts); tests pass one that repeats. */
  newReference?: () => string;
  /** A submission was queued for delivery. */
  delivered(): void;
  /** Requests reaching the accept path, accepted or turned away (uploads and deliveries give way to them). */
  arrivals: Arrivals;
  /**
   * Load shedding: while more than this many form posts (of every form) are being handled at
   * once, a form with an in-progress bound (an upload, milliseconds of the thread per megabyte)
   * is turned away with 503 and Retry-After, so the leads of a flood keep the thread. Leads are
   * never turned away for it. Undefined: no shedding.
   */
  shedAt?: number;
}

/** Seconds a visitor's browser waits before sending again when the store is busy. */
export const busyRetryAfterSeconds = 5;

export const resultPageCsp = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(resultPageStyle).digest("base64")}'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'`;

/**
 * The visitor's language: the form's own locale field, else the page the form was posted from (a
 * refusal answered before the body is read: a Spanish page gets Spanish whatever the browser's
 * languages), else Accept-Language.
 */
function requestLocale(c: Context, fields: Record<string, unknown>): Locale {
  if (isLocale(fields.locale)) return fields.locale;
  return refererPage(c.req.header("referer"))?.locale ?? localeFromAcceptLanguage(c.req.header("accept-language"));
}

/** A plain HTML form post (no JavaScript) wants a page back, not JSON. */
function wantsHtml(c: Context, kind: BodyKind | undefined): boolean {
  return acceptsHtml(kind, c.req.header("accept"));
}

function acceptsHtml(kind: BodyKind | undefined, accept: string | undefined): boolean {
  return kind !== "json" && (accept ?? "").includes("text/html");
}

function answer(
  c: Context,
  kind: BodyKind | undefined,
  locale: Locale,
  outcome: { ok: true; id: string; reference: string; safeContact?: boolean } | { ok: false; errors: FieldErrors },
  page?: string,
) {
  if (wantsHtml(c, kind)) {
    c.header("Content-Security-Policy", resultPageCsp);
    return c.html(
      resultPage(
        locale,
        outcome.ok ? { ok: true, reference: outcome.reference, safeContact: outcome.safeContact } : outcome,
        page,
      ),
      outcome.ok ? 200 : 400,
    );
  }
  return outcome.ok
    ? c.json({ ok: true, id: outcome.id, reference: outcome.reference } satisfies IntakeResponse, 201)
    : c.json({ ok: false, errors: outcome.errors } satisfies IntakeResponse, 400);
}

/**
 * A request turned away through no fault of what was typed (too many, busy, too large, a body
 * the API cannot read, no room for files): a browser's plain post gets the localized result page
 * with the firm's number, a script the localized sentence (its form says the rest and retries
 * after Retry-After where waiting helps).
 */
function refuse(
  c: Context,
  kind: BodyKind | undefined,
  locale: Locale,
  answer: { status: 400 | 413 | 415 | 429 | 503; refusal: Refusal; retryAfter?: number },
  page?: string,
) {
  if (answer.retryAfter !== undefined) c.header("Retry-After", String(answer.retryAfter));
  const back = page ?? refererPage(c.req.header("referer"))?.path;
  if (wantsHtml(c, kind)) {
    c.header("Content-Security-Policy", resultPageCsp);
    return c.html(resultPage(locale, { ok: false, refused: answer.refusal }, back), answer.status);
  }
  return c.json({ ok: false, error: refusalText(locale, answer.refusal) } satisfies IntakeResponse, answer.status);
}

function busy(
  c: Context,
  kind: BodyKind | undefined,
  locale: Locale,
  route: string,
  reason: string,
  page?: string,
  refusal: "busy" | "storeFull" = "busy",
) {
  securityEvent(reason, { route, status: 503 });
  return refuse(c, kind, locale, { status: 503, refusal, retryAfter: busyRetryAfterSeconds }, page);
}

/**
 * The one path every form takes: content type, rate limit, body size and parts, validation in the
 * visitor's language, honeypot, captcha, storage, and the answer (JSON, or a page without
 * JavaScript). Refusals are logged as security events without personal data.
 */
export function createAcceptPath(deps: AcceptDependencies) {
  const load = createPostLoad();

  function route<T>(form: FormDefinition<T>) {
    const gate = form.inProgress && createUploadGate(form.inProgress, { shedAt: deps.shedAt, load });
    const largestBody = Math.max(0, ...Object.values(form.bodyLimits));
    // A body declared past every limit of the form gets its 413 from the accept path.
    const declaredBytes = (contentLength: string | undefined) =>
      Math.min(Number(contentLength ?? "0") || 0, largestBody);

    async function handle(c: Context) {
      deps.arrivals.arrived();
      load.arrived();
      try {
        return await admit(c);
      } finally {
        load.left();
      }
    }

    async function admit(c: Context) {
      if (!gate) return accept(deps, form, c);
      const slot = gate.enter(
        clientKey(clientAddress(c, deps.trustedHops)),
        declaredBytes(c.req.header("content-length")),
      );
      if ("refused" in slot)
        return busy(c, bodyKind(c.req.header("content-type")), requestLocale(c, {}), form.route, slot.refused);
      try {
        return await accept(deps, form, c, { take: (arrived) => slot.take(arrived) });
      } finally {
        slot.leave();
      }
    }

    return handle;
  }

  return { route };
}

/**
 * One post of a form, once the upload gate let it in: content type, rate limit, body, validation
 * in the visitor's language, honeypot, captcha, storage, and the answer.
 */
async function accept<T>(
  deps: AcceptDependencies,
  form: FormDefinition<T>,
  c: Context,
  counted: Pick<BodyRules, "take"> = {},
) {
  const kind = bodyKind(c.req.header("content-type"));
  const maxBytes = kind && form.bodyLimits[kind];
  if (!kind || !maxBytes) {
    securityEvent("unsupported-content-type", { route: form.route, status: 415 });
    return refuse(c, kind, requestLocale(c, {}), { status: 415, refusal: "unsupported" });
  }
  if (!form.limiter(clientAddress(c, deps.trustedHops))) {
    securityEvent("rate-limited", { route: form.route, status: 429 });
    return refuse(c, kind, requestLocale(c, {}), { status: 429, refusal: "rateLimited", retryAfter: 60 });
  }
  let body: ParsedBody;
  try {
    body = await parseBody(c.req.raw, kind, { maxBytes, known: form.fields, ...counted });
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.status === 503) return busy(c, kind, requestLocale(c, {}), form.route, "upload-bytes-busy");
    securityEvent(error.status === 413 ? "body-too-large" : "malformed-body", {
      route: form.route,
      status: error.status,
      detail: error.message,
    });
    if (error.status === 413) return refuse(c, kind, requestLocale(c, {}), { status: 413, refusal: "tooLarge" });
    return c.json({ ok: false, error: error.message } satisfies IntakeResponse, error.status);
  }
  const locale = requestLocale(c, body.fields);
  const page = safeReturnPath(body.fields.page);
  const spam = typeof body.fields.company === "string" && body.fields.company.trim() !== "";
  const result: Validation<T> = validate(form.schema(locale), { ...body.fields, company: "" });
  if (!result.ok) {
    if (spam) {
      // A bot that filled the honeypot gets a success it cannot tell apart; nothing is kept.
      log("lead.spam_discarded", { route: form.route });
      return answer(c, kind, locale, { ok: true, id: randomUUID(), reference: newReference() }, page);
    }
    securityEvent("invalid-submission", {
      route: form.route,
      status: 400,
      fields: Object.keys(result.errors).sort().join(","),
    });
    return answer(c, kind, locale, result, page);
  }
  const prepared = await form.prepare(result.data, body, { locale, page: page ?? "", spam });
  if (!prepared.ok) {
    securityEvent("upload-rejected", { route: form.route, status: 400, detail: prepared.reason });
    return answer(c, kind, locale, prepared, page);
  }
  const verdict: CaptchaVerdict = spam
    ? { score: null, flag: null, outcome: "pass" }
    : await verifyCaptcha(body.fields.recaptchaToken, form.captchaAction(result.data), deps.captcha);
  if (verdict.outcome === "review" && !deps.reviewLimiter(clientAddress(c, deps.trustedHops))) {
    securityEvent("review-rate-limited", { route: form.route, status: 429, flag: verdict.flag });
    return refuse(c, kind, locale, { status: 429, refusal: "rateLimited", retryAfter: 3600 }, page);
  }
  const status: SubmissionStatus = spam
    ? "spam"
    : { pass: "accepted" as const, "low-score": "suspected-spam" as const, review: "review" as const }[verdict.outcome];
  const id = randomUUID();
  let reference: string;
  try {
    reference = await storeWithReference(
      deps,
      {
        ...(isSpamStatus(status) ? boundSpam(prepared.record) : prepared.record),
        id,
        created_at: deps.now().toISOString(),
        status,
        flags: verdict.flag ?? "",
        captcha_score: verdict.score,
      },
      status === "accepted",
    );
  } catch (error) {
    if (error instanceof ResumeStorageFullError) {
      securityEvent("upload-rejected", { route: form.route, status: 400, detail: "storage-full" });
      // A script's form shows it on the file field; a plain post gets the refusal page, which
      // does not ask the visitor to fix anything they typed.
      if (wantsHtml(c, kind)) return refuse(c, kind, locale, { status: 400, refusal: "storageFull" }, page);
      return answer(
        c,
        kind,
        locale,
        { ok: false, errors: { resume: messages(locale).validation.resumeStorageFull } },
        page,
      );
    }
    if (error instanceof StoreFullError) return busy(c, kind, locale, form.route, "store-full", page, "storeFull");
    // A database that is away (restarting, a connection ended) is a busy store to the visitor:
    // 503 with Retry-After, which the form's script waits out and sends again.
    const unreachable = error instanceof StoreUnreachableError || isStoreUnreachable(error);
    if (!unreachable && !(error instanceof StoreBusyError)) throw error;
    return busy(c, kind, locale, form.route, unreachable ? "store-unreachable" : "store-busy", page);
  }
  log("lead.accepted", { id, kind: prepared.record.kind, status, flag: verdict.flag, score: verdict.score });
  if (status === "accepted") deps.delivered();
  const safeContact = form.safeContactGiven?.(result.data);
  return answer(c, kind, locale, { ok: true, id, reference, safeContact }, page);
}
