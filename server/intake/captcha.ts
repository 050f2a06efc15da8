import { captchaPlaceholders } from "../../core/form-options";

export interface CaptchaVerdict {
  /** The verifier's score, when it gave one. */
  score: number | null;
  /** Why the score is missing or doubtful: the lead is still accepted (an ad blocker must not cost a client). */
  flag: "captcha-placeholder" | "captcha-unverified" | "captcha-outage" | "captcha-failed" | null;
  lowScore: boolean;
}

export interface CaptchaOptions {
  secret: string | undefined;
  verifyUrl: string;
  minScore: number;
  timeoutMs?: number;
}

/** Checks a v3 token with the verifier; never throws and never blocks a lead. */
export async function verifyCaptcha(token: string | undefined, options: CaptchaOptions): Promise<CaptchaVerdict> {
  if (!token || captchaPlaceholders.some((placeholder) => placeholder === token))
    return { score: null, flag: "captcha-placeholder", lowScore: false };
  if (!options.secret) return { score: null, flag: "captcha-unverified", lowScore: false };
  try {
    const response = await fetch(options.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: options.secret, response: token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    if (!response.ok) return { score: null, flag: "captcha-outage", lowScore: false };
    const answer = (await response.json()) as { success?: boolean; score?: number };
    if (!answer.success) return { score: null, flag: "captcha-failed", lowScore: true };
    const score = typeof answer.score === "number" ? answer.score : null;
    return { score, flag: null, lowScore: score !== null && score < options.minScore };
  } catch {
    return { score: null, flag: "captcha-outage", lowScore: false };
  }
}
