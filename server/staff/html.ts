import { escapeHtml } from "../../core/html";
import { localeConfig, locales } from "../../core/locales";
import type { StaffUser } from "./accounts";
import { staffPaths } from "./paths";
import type { StaffLocale, StaffText } from "./text";

/** Markup already escaped; anything else put into a page goes through `h`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
type Part = Html | string | number | null | undefined | false | readonly Part[];

function part(value: Part): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return (value as readonly Part[]).map(part).join("");
  return escapeHtml(String(value));
}

/** A template whose interpolations are escaped (text and quoted attributes), except Html. */
export function h(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(strings.reduce((out, text, i) => out + text + (i < values.length ? part(values[i]) : ""), ""));
}

/** The console's own policy: its script and stylesheet, nothing inline, nothing from elsewhere. */
export const staffCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export interface PageContext {
  t: StaffText;
  locale: StaffLocale;
  user?: StaffUser | undefined;
  csrf?: string | undefined;
  /** The path of the page, for the current navigation item and the language switch. */
  path: string;
}

/** The hidden field every state-changing form carries. */
export const csrfField = (csrf: string | undefined) => h`<input type="hidden" name="csrf" value="${csrf ?? ""}">`;

function navigation({ t, user, csrf, path, locale }: PageContext): Html {
  if (!user) return h``;
  const items: [string, string][] = [
    [staffPaths.leads, t.leads],
    [staffPaths.held, t.held],
    [staffPaths.deliveries, t.deliveries],
    [staffPaths.exportPage, t.export],
    [staffPaths.health, t.health],
    ...(user.role === "admin"
      ? ([
          [staffPaths.people, t.people],
          [staffPaths.audit, t.audit],
        ] as [string, string][])
      : []),
  ];
  return h`<nav aria-label="${t.console}"><ul>${items.map(
    ([href, label]) =>
      h`<li><a href="${href}"${path.startsWith(href) ? h` aria-current="page"` : ""}>${label}</a></li>`,
  )}</ul>
  <form method="post" action="${staffPaths.language}" class="inline">${csrfField(csrf)}
    <label>${t.language} <select name="locale">${locales.map((option) => h`<option value="${option}"${option === locale ? h` selected` : ""}>${localeConfig[option].name}</option>`)}</select></label>
    <input type="hidden" name="back" value="${path}"><button>${t.change}</button></form>
  <form method="post" action="${staffPaths.signOut}" class="inline">${csrfField(csrf)}<span>${user.email}</span> <button>${t.signOut}</button></form>
  </nav>`;
}

/** A whole console page. */
export function page(context: PageContext, title: string, body: Html, notice?: string): string {
  const { t, locale } = context;
  return `<!doctype html>${
    h`<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · ${t.console}</title>
<link rel="stylesheet" href="${staffPaths.assets}/console.css">
</head><body>
<a class="skip" href="#main">${t.skip}</a>
<header><p class="brand">${t.console}</p>${navigation(context)}</header>
<main id="main"><h1>${title}</h1>
${notice ? h`<p class="notice" role="status">${notice}</p>` : ""}
${body}</main>
</body></html>`.value
  }`;
}

/** A date and time as the firm reads it (its own time zone), in the console's language. */
export function when(iso: string | null, locale: StaffLocale, timeZone: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(localeConfig[locale].intl, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
}

/** A wait or an age, in the largest unit that reads well. */
export function duration(seconds: number, t: StaffText): string {
  const n = (v: number) => String(Math.floor(v));
  if (seconds < 120) return t.seconds.replace("{n}", n(seconds));
  if (seconds < 7200) return t.minutes.replace("{n}", n(seconds / 60));
  if (seconds < 172_800) return t.hours.replace("{n}", n(seconds / 3600));
  return t.days.replace("{n}", n(seconds / 86_400));
}

export const consoleCss = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1f24;background:#fff}
body{margin:0}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header{background:#12324f;color:#fff;padding:.5rem 1rem}
header a,header span{color:#fff}
.brand{margin:0;font-weight:700}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:.25rem 0;padding:0}
nav a[aria-current]{font-weight:700;text-decoration-thickness:3px}
nav form{display:inline-flex;gap:.5rem;align-items:center;margin:.25rem 1rem .25rem 0}
main{padding:1rem;max-width:80rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #d0d7de;overflow-wrap:anywhere}
th{background:#f3f5f7}
.scroll{overflow-x:auto}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin-bottom:1rem}
label{display:inline-flex;flex-direction:column;font-size:.9rem;font-weight:600}
.inline label{flex-direction:row;gap:.35rem;align-items:center}
input,select,textarea,button{font:inherit;padding:.35rem .5rem;border:1px solid #57606a;border-radius:4px;min-height:2.25rem}
button{background:#12324f;color:#fff;border-color:#12324f;cursor:pointer}
button.secondary{background:#fff;color:#12324f}
button.danger{background:#a40e26;border-color:#a40e26}
:focus-visible{outline:3px solid #e0a100;outline-offset:2px}
.notice{background:#ddf4ff;border-left:4px solid #0969da;padding:.5rem 1rem}
.alert{background:#ffebe9;border-left:4px solid #a40e26;padding:.5rem 1rem}
.first{background:#fff8c5;border-left:4px solid #9a6700;padding:.5rem 1rem}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
@media (max-width:40rem){dl{grid-template-columns:1fr}th,td{padding:.25rem}}
`;

/**
 * The passkey ceremonies: the only script of the console. A button names its ceremony; the
 * script asks the server for options, lets the browser's WebAuthn do the rest and posts the
 * answer back, then goes where the server says.
 */
export const consoleScript = `
(function () {
  var lib = window.SimpleWebAuthnBrowser;
  document.querySelectorAll("[data-ceremony]").forEach(function (button) {
    var alertBox = document.getElementById(button.getAttribute("data-alert"));
    button.hidden = false;
    var fail = function (message) {
      alertBox.textContent = message || button.getAttribute("data-error");
      alertBox.hidden = false;
      button.disabled = false;
    };
    button.addEventListener("click", function () {
      button.disabled = true;
      alertBox.hidden = true;
      var ceremony = button.getAttribute("data-ceremony");
      var post = function (url, body) {
        return fetch(url, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).then(function (response) {
          return response.json().then(function (json) {
            if (!response.ok) throw new Error(json.error || "");
            return json;
          });
        });
      };
      var token = button.getAttribute("data-token") || undefined;
      post(button.getAttribute("data-options"), { token: token })
        .then(function (started) {
          var run = ceremony === "register" ? lib.startRegistration : lib.startAuthentication;
          return run({ optionsJSON: started.options }).then(function (response) {
            return post(button.getAttribute("data-verify"), { token: token, challengeId: started.challengeId, response: response });
          });
        })
        .then(function (done) { window.location.assign(done.to); })
        .catch(function (error) { fail(error && error.message); });
    });
  });
})();
`;
