import { firm, telHref } from "../../../core/firm";
import type { FieldErrors } from "../../../core/form-fields";
import { escapeHtml } from "../../../core/html";
import { messages } from "../../../core/i18n";
import { defaultLocale, localeFromPath, type Locale } from "../../../core/locales";
import { homePath, pageByPath } from "../../../core/routes";

/**
 * Why a request was turned away through no fault of what the visitor wrote: each has its own
 * "what to do" sentence, and the visitor keeps what they typed.
 */
export type Refusal = "rateLimited" | "busy" | "storeFull" | "tooLarge" | "unsupported" | "storageFull" | "serverError";

/** The sentence telling the visitor what to do about a refusal, in their language. */
export function refusalText(locale: Locale, refusal: Refusal): string {
  const m = messages(locale);
  return refusal === "storageFull" ? m.validation.resumeStorageFull : m.result[refusal];
}

/**
 * The page a visitor came from, if it is a page of the route map: the path returned is the map's
 * own string, never the posted one, so the "back to the form" link cannot point anywhere else.
 */
export function safeReturnPath(page: unknown): string | undefined {
  if (typeof page !== "string" || page.length > 300) return undefined;
  const found = pageByPath(page);
  return found?.page.paths[found.locale];
}

/** The site page a Referer header names (any origin: only its path is looked up in the route map). */
export function refererPage(referer: string | undefined): { path: string; locale: Locale } | undefined {
  if (!referer || referer.length > 2048) return undefined;
  let pathname: string;
  try {
    pathname = new URL(referer).pathname;
  } catch {
    return undefined;
  }
  const found = pageByPath(pathname);
  const path = found?.page.paths[found.locale];
  if (found && path) return { path, locale: found.locale };
  // A page outside the map (a job posting, say) still tells its language by its path.
  const locale = localeFromPath(pathname);
  return locale === defaultLocale ? undefined : { path: homePath(locale), locale };
}

/** The inline style of the result page, also named by hash in its CSP. */
export const resultPageStyle =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1e293b;background:#faf8f4}main{max-width:40rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,42,68,.15)}h1{font-family:Georgia,serif;color:#0f2a44}a{color:#1f4a7a;font-weight:600}li{margin:.4rem 0}.call{font-size:1.25rem}';

type Outcome =
  | { ok: true; reference?: string; safeContact?: boolean }
  | { ok: false; errors: FieldErrors }
  | { ok: false; refused: Refusal };

/** The page a visitor without JavaScript lands on after posting a form. */
export function resultPage(locale: Locale, outcome: Outcome, page?: string): string {
  const t = messages(locale).result;
  const title = outcome.ok ? t.receivedTitle : "refused" in outcome ? t.refusedTitle : t.fixTitle;
  const home = `<p><a href="${escapeHtml(homePath(locale))}">${escapeHtml(t.home)}</a></p>`;
  const back = page ? `<p><a href="${escapeHtml(page)}">${escapeHtml(t.back)}</a></p>` : "";
  let body: string;
  if (outcome.ok) {
    const c = messages(locale).consultation;
    const reference = outcome.reference
      ? `<p>${escapeHtml(c.reference)}: <strong class="reference">${escapeHtml(outcome.reference)}</strong>. ${escapeHtml(c.referenceHint)}</p>`
      : "";
    body = `<p>${escapeHtml(outcome.safeContact ? t.receivedSafeContact : t.receivedBody)}</p>${reference}${home}`;
  } else if ("refused" in outcome)
    // Not the visitor's fault, what to do, the number to call, and how to get back to what they typed.
    body =
      `<p>${escapeHtml(t.notYourFault)} ${escapeHtml(refusalText(locale, outcome.refused))}</p>` +
      `<p class="call">${escapeHtml(t.callInstead)} <a href="${telHref(firm.phone)}">${escapeHtml(firm.phone)}</a></p>` +
      `<p>${escapeHtml(t.keptBack)}</p>${back}${home}`;
  else
    body = `<p>${escapeHtml(t.fixBody)}</p><ul>${Object.values(outcome.errors)
      .filter((message) => message !== undefined)
      .map((message) => `<li>${escapeHtml(message)}</li>`)
      .join("")}</ul>${back}${home}`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | LFH Immigration Law</title><style>${resultPageStyle}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
