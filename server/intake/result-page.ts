import type { FieldErrors } from "../../core/form-fields";
import { escapeHtml } from "../../core/html";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { homePath, pageByPath } from "../../core/routes";

/**
 * The page a visitor came from, if it is a page of the route map: the path returned is the map's
 * own string, never the posted one, so the "back to the form" link cannot point anywhere else.
 */
export function safeReturnPath(page: unknown): string | undefined {
  if (typeof page !== "string" || page.length > 300) return undefined;
  const found = pageByPath(page);
  return found?.page.paths[found.locale];
}

/** The inline style of the result page, also named by hash in its CSP. */
export const resultPageStyle =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1e293b;background:#faf8f4}main{max-width:40rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,42,68,.15)}h1{font-family:Georgia,serif;color:#0f2a44}a{color:#1f4a7a;font-weight:600}li{margin:.4rem 0}';

/** The page a visitor without JavaScript lands on after posting a form. */
export function resultPage(
  locale: Locale,
  outcome: { ok: true; safeContact?: boolean } | { ok: false; errors: FieldErrors },
  page?: string,
): string {
  const t = messages(locale).result;
  const title = outcome.ok ? t.receivedTitle : t.fixTitle;
  const home = `<p><a href="${escapeHtml(homePath(locale))}">${escapeHtml(t.home)}</a></p>`;
  const back = page ? `<p><a href="${escapeHtml(page)}">${escapeHtml(t.back)}</a></p>` : "";
  const body = outcome.ok
    ? `<p>${escapeHtml(outcome.safeContact ? t.receivedSafeContact : t.receivedBody)}</p>${home}`
    : `<p>${escapeHtml(t.fixBody)}</p><ul>${Object.values(outcome.errors)
        .filter((message) => message !== undefined)
        .map((message) => `<li>${escapeHtml(message)}</li>`)
        .join("")}</ul>${back}${home}`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | LFH Immigration Law</title><style>${resultPageStyle}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
