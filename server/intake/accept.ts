import { createHash, randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { FieldErrors, IntakeResponse } from "../../core/form-fields";
import { validate, type Validation } from "../../core/forms";
import { messages } from "../../core/i18n";
import { isLocale, matchLocale, type Locale } from "../../core/locales";
import { newReference } from "../../core/reference";
import { clientAddress, clientKey, forwardedAddress } from "../client-address";
import type { HeadAnswer, RequestHead } from "../http";
import { log, securityEvent } from "../log";
import { giveWay, type Arrivals } from "./arrivals";
import { bodyKind, parseBody, type BodyKind, type BodyRules } from "./body";
import { BodyError, type ParsedBody } from "./form-data";
import { verifyCaptcha, type CaptchaOptions, type CaptchaVerdict } from "./captcha";
import type { RateLimiter } from "./rate-limit";
import { ResumeStorageFullError } from "./resume-files";
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
} from "./store";

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

export interface InProgressBounds {
  total: number;
  perClient: number;
  bytes: number;
  /**
   * While there is no room, a request whose body brought less than `bytesPerSecond` over the last
   * `afterMs` gives its place (its slot and the bytes it holds) to a new one. Without it a client
   * that sends its body just fast enough not to be cut off (1 KB/s) keeps its place until the
   * request timeout: four of them, from four addresses, turned every other upload away for
   * 3 minutes, and two that sent 6 MB at once first held all the bytes as long.
   */
  slow?: { afterMs: number; bytesPerSecond: number };
}

/**
 * An upload let in (a form with an in-progress bound) is taken in, body included, once no other
 * request has reached the accept path for 50 ms, a second at most. Taking one in costs the thread
 * about 10 ms (reading a megabyte, the checks, storing it); in a burst those milliseconds would
 * land in the turns of the event loop that a visitor's page, arriving behind the burst's
 * connections, waits through. An application over a real network takes seconds to arrive: 50 ms
 * more is not seen.
 */
export const uploadGivesWay = { quietMs: 50, maxMs: 1000 } as const;

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
   * its declared length tells, else as soon as its bytes pass the bound.
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
   * The event loop has been working most of the time lately (server/loop-load.ts): a form with
   * an in-progress bound (an upload, milliseconds of the thread per megabyte) is turned away
   * with 503 and Retry-After until it is not, so the pages and leads sent meanwhile keep the
   * thread. Leads are never turned away for it.
   */
  loaded?: () => boolean;
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
  return refererPage(c.req.header("referer"))?.locale ?? headerLocale(c.req.header("accept-language"));
}

/** The first of the site's locales an Accept-Language header names, else English. */
function headerLocale(acceptLanguage: string | undefined): Locale {
  return (
    (acceptLanguage ?? "")
      .split(",")
      .map((part) => matchLocale(part.split(";")[0]?.trim()))
      .find((l) => l !== undefined) ?? "en"
  );
}

/** A plain HTML form post (no JavaScript) wants a page back, not JSON. */
function wantsHtml(c: Context, kind: BodyKind | undefined): boolean {
  return acceptsHtml(kind, c.req.header("accept"));
}

function acceptsHtml(kind: BodyKind | undefined, accept: string | undefined): boolean {
  return kind !== "json" && (accept ?? "").includes("text/html");
}

/** The refusal answer of `refuse` below as a whole answer, for a request refused at its headers. */
function busyAtHeaders(request: RequestHead, kind: BodyKind | undefined): HeadAnswer {
  const from = refererPage(request.headers.referer);
  const locale = from?.locale ?? headerLocale(request.headers["accept-language"]);
  const retry = { "Retry-After": String(busyRetryAfterSeconds) };
  if (acceptsHtml(kind, request.headers.accept))
    return {
      status: 503,
      headers: { ...retry, "Content-Security-Policy": resultPageCsp, "Content-Type": "text/html; charset=UTF-8" },
      body: resultPage(locale, { ok: false, refused: "busy" }, from?.path),
    };
  return {
    status: 503,
    headers: { ...retry, "Content-Type": "application/json" },
    body: JSON.stringify({ ok: false, error: refusalText(locale, "busy") } satisfies IntakeResponse),
  };
}

/**
 * The one path every form takes: content type, rate limit, body size and parts, validation in the
 * visitor's language, honeypot, captcha, storage, and the answer (JSON, or a page without
 * JavaScript). Refusals are logged as security events without personal data.
 */
export function createAcceptPath(deps: AcceptDependencies) {
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
   * Bounds the requests of one form in progress and the body bytes they hold, so a burst of
   * uploads cannot hold memory and the loop; while the event loop is loaded there is no room at
   * all. `refusal` tells why a request would find no room, without entering; `enter` enters, or
   * answers the same refusal.
   */
  function inProgress(bounds: InProgressBounds, route: string) {
    let bytes = 0;
    const perClient = new Map<string, number>();
    interface Slot {
      client: string;
      held: number;
      /** Its body is still arriving (only then can it be too slow). */
      receiving: boolean;
      /**
       * How much had arrived when, back to the last sample at least `slow.afterMs` old: the rate
       * is measured over that span, so a body sent fast at first and then a trickle is as slow as
       * a trickle from the start.
       */
      samples: { at: number; held: number }[];
    }
    const slots = new Set<Slot>();
    type Refusal = "server-loaded" | "uploads-busy";
    /** The slot whose body came slowest over the last `slow.afterMs`, if under `slow.bytesPerSecond`. */
    const slowest = (): { slot: Slot; rate: number } | undefined => {
      if (!bounds.slow) return undefined;
      const { afterMs, bytesPerSecond } = bounds.slow;
      const now = deps.now().getTime();
      let found: { slot: Slot; rate: number } | undefined;
      for (const slot of slots) {
        const from = slot.samples.findLast((sample) => sample.at <= now - afterMs);
        if (!slot.receiving || !from) continue;
        const rate = ((slot.held - from.held) * 1000) / Math.max(1, now - from.at);
        if (rate < bytesPerSecond && (!found || rate < found.rate)) found = { slot, rate };
      }
      return found;
    };
    const release = (slot: Slot) => {
      if (!slots.delete(slot)) return;
      bytes -= slot.held;
      const left = (perClient.get(slot.client) ?? 1) - 1;
      if (left > 0) perClient.set(slot.client, left);
      else perClient.delete(slot.client);
    };
    /** Whether a request fits, with the slot `freed` given up first. */
    const fits = (client: string, declaredBytes: number, freed?: Slot) =>
      slots.size - (freed ? 1 : 0) < bounds.total &&
      (perClient.get(client) ?? 0) < bounds.perClient &&
      bytes - (freed?.held ?? 0) + declaredBytes <= bounds.bytes;
    const refusal = (client: string, declaredBytes: number): Refusal | undefined => {
      if (deps.loaded?.()) return "server-loaded";
      if (fits(client, declaredBytes)) return undefined;
      const slow = slowest();
      return slow && fits(client, declaredBytes, slow.slot) ? undefined : "uploads-busy";
    };
    function enter(
      client: string,
      declaredBytes: number,
    ): { refused: Refusal } | { take(arrived: number): boolean; arrived(): void; leave(): void } {
      const refused = refusal(client, declaredBytes);
      if (refused !== undefined) return { refused };
      if (!fits(client, declaredBytes)) {
        const slow = slowest()!;
        securityEvent("upload-too-slow", { route, status: 503, bytesPerSecond: Math.round(slow.rate) });
        release(slow.slot);
      }
      const slot: Slot = { client, held: 0, receiving: true, samples: [{ at: deps.now().getTime(), held: 0 }] };
      slots.add(slot);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      return {
        /** Counts bytes of the body as they arrive; false past the bound, or once the slot was given away. */
        take(arrived: number): boolean {
          if (!slots.has(slot) || bytes + arrived > bounds.bytes) return false;
          bytes += arrived;
          slot.held += arrived;
          if (bounds.slow) {
            // Pieces within 100 ms of the last sample move it; a later piece starts a new one.
            const now = deps.now().getTime();
            const last = slot.samples.at(-1)!;
            if (slot.samples.length > 1 && now - last.at < 100) Object.assign(last, { at: now, held: slot.held });
            else slot.samples.push({ at: now, held: slot.held });
            while (slot.samples.length > 1 && slot.samples[1]!.at <= now - bounds.slow.afterMs) slot.samples.shift();
          }
          return true;
        },
        arrived() {
          slot.receiving = false;
        },
        leave: () => release(slot),
      };
    }
    return { enter, refusal };
  }

  /** Per form route with an in-progress bound: the busy answer when a request would find no room. */
  const refusals = new Map<string, (request: RequestHead) => HeadAnswer | undefined>();

  function route<T>(form: FormDefinition<T>) {
    const gate = form.inProgress && inProgress(form.inProgress, form.route);
    const largestBody = Math.max(0, ...Object.values(form.bodyLimits));
    // A body declared past every limit of the form gets its 413 from the accept path.
    const declaredBytes = (contentLength: string | undefined) =>
      Math.min(Number(contentLength ?? "0") || 0, largestBody);

    if (gate)
      refusals.set(form.route, (request) => {
        deps.arrivals.arrived();
        const client = forwardedAddress(request.headers["x-forwarded-for"], request.remoteAddress, deps.trustedHops);
        const reason = gate.refusal(clientKey(client), declaredBytes(request.headers["content-length"]));
        if (!reason) return undefined;
        securityEvent(reason, { route: form.route, status: 503 });
        return busyAtHeaders(request, bodyKind(request.headers["content-type"]));
      });

    async function handle(c: Context) {
      deps.arrivals.arrived();
      if (!gate) return accept(c);
      const slot = gate.enter(
        clientKey(clientAddress(c, deps.trustedHops)),
        declaredBytes(c.req.header("content-length")),
      );
      if ("refused" in slot)
        return busy(c, bodyKind(c.req.header("content-type")), requestLocale(c, {}), form.route, slot.refused);
      try {
        await giveWay(deps.arrivals, uploadGivesWay);
        return await accept(c, { take: (arrived) => slot.take(arrived), arrived: () => slot.arrived() });
      } finally {
        slot.leave();
      }
    }

    async function accept(c: Context, counted: Pick<BodyRules, "take" | "arrived"> = {}) {
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
        : { pass: "accepted" as const, "low-score": "suspected-spam" as const, review: "review" as const }[
            verdict.outcome
          ];
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

    return handle;
  }

  /**
   * The answer to a request that its form's in-progress bound turns away, given at its headers
   * (`path`: the route it is for): the same 503 `handle` gives, without the app reading anything.
   */
  function refuseAtHeaders(request: RequestHead, path: string): HeadAnswer | undefined {
    return request.method === "POST" ? refusals.get(path)?.(request) : undefined;
  }

  return { route, refuseAtHeaders };
}
