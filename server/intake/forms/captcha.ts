import { captchaPlaceholders } from "../../../core/form-options";

/** Why a verdict is not a plain pass; stored with the submission and shown to the firm. */
export type CaptchaFlag =
  | "captcha-placeholder"
  | "captcha-unverified"
  | "captcha-outage"
  | "captcha-failed"
  | "captcha-invalid"
  | "captcha-hostname"
  | "captcha-action";

export interface CaptchaVerdict {
  /** The verifier's score, when it gave a valid one. */
  score: number | null;
  flag: CaptchaFlag | null;
  /**
   * pass: an ordinary lead. low-score: kept as suspected spam. review: the captcha is configured
   * but could not vouch for the submission; it is kept (an ad blocker must not cost the firm a
   * client) and waits for a person instead of reaching the inbox.
   */
  outcome: "pass" | "low-score" | "review";
}

export interface CaptchaOptions {
  secret: string | undefined;
  verifyUrl: string;
  minScore: number;
  /** Host names the site's pages are served from (SITE_URL, ALLOWED_ORIGINS): a token from elsewhere is held. */
  hostnames: readonly string[];
  timeoutMs?: number;
}

/** Longer than any token the captcha script issues (about 2 KB). */
const maxTokenLength = 4096;

/**
 * The most of the verifier's answer read (it is about 200 bytes). A verifier that answers more
 * (a broken or hostile one, or a wrong URL) is an outage: read whole, 100 MB of answer held the
 * event loop for a quarter of a second per lead and the process's memory by hundreds of megabytes.
 */
const maxAnswerBytes = 64 * 1024;

/** A response's body as text, or undefined once it passes `limit` bytes (reading stops there). */
async function boundedText(response: Response, limit: number): Promise<string | undefined> {
  if (Number(response.headers.get("content-length") ?? "0") > limit) return undefined;
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString("utf8");
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

const review = (flag: CaptchaFlag): CaptchaVerdict => ({ score: null, flag, outcome: "review" });

interface SiteVerifyAnswer {
  success?: unknown;
  score?: unknown;
  hostname?: unknown;
  action?: unknown;
}

/**
 * Checks a reCAPTCHA v3 token for the `action` the page asked it for. Never throws and never
 * refuses a lead. Without a secret every token passes, flagged (nothing can be verified). With
 * one, a submission passes only on `success: true`, a numeric score at or above the threshold
 * (below it: suspected spam), one of the site's host names and the expected action; everything
 * else (placeholder or missing token, a verifier that fails, times out or answers nonsense) is
 * held for review.
 */
export async function verifyCaptcha(token: unknown, action: string, options: CaptchaOptions): Promise<CaptchaVerdict> {
  const placeholder = typeof token !== "string" || token === "" || captchaPlaceholders.some((value) => value === token);
  if (!options.secret)
    return { score: null, flag: placeholder ? "captcha-placeholder" : "captcha-unverified", outcome: "pass" };
  if (placeholder) return review("captcha-placeholder");
  if (token.length > maxTokenLength) return review("captcha-invalid");
  let answer: SiteVerifyAnswer;
  try {
    const response = await fetch(options.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: options.secret, response: token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    const text = response.ok ? await boundedText(response, maxAnswerBytes) : undefined;
    if (text === undefined) {
      await response.body?.cancel().catch(() => undefined);
      return review("captcha-outage");
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return review("captcha-outage");
    answer = parsed;
  } catch {
    return review("captcha-outage");
  }
  if (answer.success !== true) return review("captcha-failed");
  const { score } = answer;
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1) return review("captcha-invalid");
  if (typeof answer.hostname !== "string" || !options.hostnames.includes(answer.hostname.toLowerCase()))
    return { ...review("captcha-hostname"), score };
  if (answer.action !== action) return { ...review("captcha-action"), score };
  return score < options.minScore
    ? { score, flag: null, outcome: "low-score" }
    : { score, flag: null, outcome: "pass" };
}
