// Mozilla's HTTP Observatory scoring, for one answer: the tests and modifiers of
// mdn/mdn-http-observatory (src/grader/charts.js and src/analyzer/tests/*), as documented at
// developer.mozilla.org/en-US/observatory/docs/tests_and_scoring. Start at 100, take the
// penalties, and only at 90 or more add the bonuses. The Observatory scans a site's front page;
// here every kind of answer the site gives is scored the same way.

export interface ScannedAnswer {
  /** The address asked (its scheme and host decide HSTS, insecure sources and redirects). */
  url: URL;
  headers: Headers;
  /** The body, read when it is HTML (for the scripts it loads). */
  html?: string;
  /** The answer to the same request sent with a foreign Origin (the CORS test). */
  corsHeaders: Headers;
  /** The first answer to the same path over plain HTTP (the redirection test). */
  httpAnswer: { status: number; location: string | null };
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

const broad = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const inlineOrData = new Set(["'unsafe-inline'", "data:"]);
const hashOrNonce = /^'(sha256|sha384|sha512|nonce)-/;

function parseCsp(header: string): Map<string, Set<string>> {
  const directives = new Map<string, Set<string>>();
  for (const policy of header.split(","))
    for (const part of policy.split(";")) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name && !directives.has(name.toLowerCase()))
        directives.set(name.toLowerCase(), new Set(sources.map((s) => (hashOrNonce.test(s) ? s : s.toLowerCase()))));
    }
  return directives;
}

function csp(answer: ScannedAnswer): TestResult {
  const header = answer.headers.get("content-security-policy");
  const result = (name: string, modifier: number) => ({ test: "content-security-policy", result: name, modifier });
  if (!header) return result("csp-not-implemented", -25);
  const policy = parseCsp(header);
  const any = new Set(["*"]);
  const script = new Set(policy.get("script-src") ?? policy.get("default-src") ?? any);
  const style = new Set(policy.get("style-src") ?? policy.get("default-src") ?? any);
  const object = policy.get("object-src") ?? policy.get("default-src") ?? any;
  // A hash or nonce makes browsers ignore 'unsafe-inline'.
  for (const list of [script, style]) if ([...list].some((s) => hashOrNonce.test(s))) list.delete("'unsafe-inline'");
  const passiveNames = new Set(["img-src", "media-src"]);
  const active = [
    ...[...policy].filter(([name]) => !passiveNames.has(name) && name !== "script-src").flatMap(([, s]) => [...s]),
    ...script,
  ];
  const passive = [...passiveNames].flatMap((name) => [...(policy.get(name) ?? policy.get("default-src") ?? [])]);
  const https = answer.url.protocol === "https:";
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");
  if ([...script].some((s) => broad.has(s) || inlineOrData.has(s)) || [...object].some((s) => broad.has(s)))
    return result("csp-implemented-with-unsafe-inline", -20);
  if (https && active.some(insecure)) return result("csp-implemented-with-insecure-scheme", -20);
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return result("csp-implemented-with-unsafe-eval", -10);
  if (https && passive.some(insecure))
    return result("csp-implemented-with-insecure-scheme-in-passive-content-only", -10);
  if ([...style].some((s) => broad.has(s) || inlineOrData.has(s)))
    return result("csp-implemented-with-unsafe-inline-in-style-src-only", 0);
  const defaultSrc = policy.get("default-src");
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'"))
    return result("csp-implemented-with-no-unsafe-default-src-none", 10);
  return result("csp-implemented-with-no-unsafe", 5);
}

function cookies(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "cookies", result: name, modifier });
  const set = answer.headers.getSetCookie();
  if (set.length === 0) return result("cookies-not-found", 0);
  const parsed = set.map((line) => {
    const [pair = "", ...attributes] = line.split(";").map((s) => s.trim().toLowerCase());
    const has = (name: string) => attributes.some((a) => a === name || a.startsWith(`${name}=`));
    const sameSite = attributes.find((a) => a.startsWith("samesite="))?.slice(9);
    // The Observatory's guess at a session cookie: its name.
    const session = /sess|login|token|auth|sid/.test(pair.split("=")[0] ?? "");
    return { secure: has("secure"), httpOnly: has("httponly"), sameSite, session };
  });
  const hsts = answer.url.protocol === "https:" && answer.headers.has("strict-transport-security");
  if (parsed.some((c) => c.session && !c.secure))
    return hsts
      ? result("cookies-session-without-secure-flag-but-protected-by-hsts", -10)
      : result("cookies-session-without-secure-flag", -40);
  if (parsed.some((c) => c.session && !c.httpOnly)) return result("cookies-session-without-httponly-flag", -30);
  if (parsed.some((c) => c.sameSite !== undefined && c.sameSite !== "strict" && c.sameSite !== "lax"))
    return result("cookies-samesite-flag-invalid", -20);
  if (parsed.some((c) => !c.secure))
    return hsts
      ? result("cookies-without-secure-flag-but-protected-by-hsts", -5)
      : result("cookies-without-secure-flag", -20);
  return parsed.every((c) => c.sameSite)
    ? result("cookies-secure-with-httponly-sessions-and-samesite", 5)
    : result("cookies-secure-with-httponly-sessions", 0);
}

function cors(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({
    test: "cross-origin-resource-sharing",
    result: name,
    modifier,
  });
  const allowed = answer.corsHeaders.get("access-control-allow-origin")?.trim().toLowerCase();
  if (!allowed) return result("cross-origin-resource-sharing-not-implemented", 0);
  if (allowed === "*") return result("cross-origin-resource-sharing-implemented-with-public-access", 0);
  if (
    answer.corsHeaders.get("access-control-allow-credentials")?.trim().toLowerCase() === "true" &&
    allowed === foreignOrigin
  )
    return result("cross-origin-resource-sharing-implemented-with-universal-access", -50);
  return result("cross-origin-resource-sharing-implemented-with-restricted-access", 0);
}

/** The Origin the CORS test sends. */
export const foreignOrigin = "https://http-observatory.security.mozilla.org";

function redirection(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "redirection", result: name, modifier });
  const { status, location } = answer.httpAnswer;
  if (![301, 302, 303, 307, 308].includes(status) || !location) return result("redirection-missing", -20);
  const target = new URL(location, `http://${answer.url.hostname}/`);
  if (target.protocol !== "https:") return result("redirection-not-to-https-on-initial-redirection", -10);
  if (target.hostname !== answer.url.hostname) return result("redirection-off-host-from-http", -5);
  return result("redirection-to-https", 0);
}

function referrerPolicy(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "referrer-policy", result: name, modifier });
  const header = answer.headers.get("referrer-policy");
  if (!header) return result("referrer-policy-not-implemented", 0);
  const known = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const unsafe = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  // Browsers act on the last value they know.
  const value = header
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter((v) => known.includes(v) || unsafe.includes(v))
    .at(-1);
  if (!value) return result("referrer-policy-header-invalid", -5);
  return known.includes(value) ? result("referrer-policy-private", 5) : result("referrer-policy-unsafe", -5);
}

function hsts(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "strict-transport-security", result: name, modifier });
  if (answer.url.protocol !== "https:") return result("hsts-not-implemented-no-https", -20);
  const header = answer.headers.get("strict-transport-security");
  if (!header) return result("hsts-not-implemented", -20);
  const maxAge = /max-age="?(\d+)/i.exec(header)?.[1];
  if (maxAge === undefined) return result("hsts-header-invalid", -20);
  return Number(maxAge) >= 15_768_000
    ? result("hsts-implemented-max-age-at-least-six-months", 0)
    : result("hsts-implemented-max-age-less-than-six-months", -10);
}

function subresourceIntegrity(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "subresource-integrity", result: name, modifier });
  if (!answer.headers.get("content-type")?.startsWith("text/html") || answer.html === undefined)
    return result("sri-not-implemented-response-not-html", 0);
  const scripts = [...answer.html.matchAll(/<script\b([^>]*)>/gi)]
    .map(([, attributes = ""]) => ({
      src: /\bsrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1],
      integrity: /\bintegrity=/i.test(attributes),
    }))
    .filter((s): s is { src: string; integrity: boolean } => s.src !== undefined);
  if (scripts.length === 0) return result("sri-not-implemented-but-no-scripts-loaded", 0);
  const external = scripts.filter((s) => s.src.startsWith("//") || new URL(s.src, answer.url).host !== answer.url.host);
  if (external.some((s) => !s.src.startsWith("https:")))
    return external.every((s) => s.integrity)
      ? result("sri-implemented-but-external-scripts-not-loaded-securely", -20)
      : result("sri-not-implemented-and-external-scripts-not-loaded-securely", -50);
  if (external.some((s) => !s.integrity)) return result("sri-not-implemented-but-external-scripts-loaded-securely", -5);
  if (scripts.every((s) => s.integrity)) return result("sri-implemented-and-all-scripts-loaded-securely", 5);
  return result("sri-not-implemented-but-all-scripts-loaded-from-secure-origin", 0);
}

function contentTypeOptions(answer: ScannedAnswer): TestResult {
  const header = answer.headers.get("x-content-type-options");
  const result = (name: string, modifier: number) => ({ test: "x-content-type-options", result: name, modifier });
  if (!header) return result("x-content-type-options-not-implemented", -5);
  return header.trim().toLowerCase() === "nosniff"
    ? result("x-content-type-options-nosniff", 0)
    : result("x-content-type-options-header-invalid", -5);
}

function frameOptions(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "x-frame-options", result: name, modifier });
  const policy = parseCsp(answer.headers.get("content-security-policy") ?? "");
  const ancestors = policy.get("frame-ancestors");
  if (ancestors && ![...ancestors].some((s) => broad.has(s))) return result("x-frame-options-implemented-via-csp", 5);
  const header = answer.headers.get("x-frame-options")?.trim().toLowerCase();
  if (!header) return result("x-frame-options-not-implemented", -20);
  if (header === "deny" || header === "sameorigin") return result("x-frame-options-sameorigin-or-deny", 0);
  if (header.startsWith("allow-from ")) return result("x-frame-options-allow-from-origin", 0);
  return result("x-frame-options-header-invalid", -20);
}

function resourcePolicy(answer: ScannedAnswer): TestResult {
  const result = (name: string, modifier: number) => ({ test: "cross-origin-resource-policy", result: name, modifier });
  const header = answer.headers.get("cross-origin-resource-policy")?.trim().toLowerCase();
  if (!header) return result("cross-origin-resource-policy-not-implemented", 0);
  if (header === "same-origin") return result("cross-origin-resource-policy-implemented-with-same-origin", 10);
  if (header === "same-site") return result("cross-origin-resource-policy-implemented-with-same-site", 10);
  if (header === "cross-origin") return result("cross-origin-resource-policy-implemented-with-cross-origin", 0);
  return result("cross-origin-resource-policy-header-invalid", -5);
}

const grades: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

/** Every test's result for one answer, its score and its grade. */
export function observatoryScore(answer: ScannedAnswer): { score: number; grade: string; results: TestResult[] } {
  const results = [
    csp,
    cookies,
    cors,
    redirection,
    referrerPolicy,
    hsts,
    subresourceIntegrity,
    contentTypeOptions,
    frameOptions,
    resourcePolicy,
  ].map((test) => test(answer));
  const penalties = results.reduce((sum, r) => sum + Math.min(0, r.modifier), 0);
  const bonuses = results.reduce((sum, r) => sum + Math.max(0, r.modifier), 0);
  const base = Math.max(0, 100 + penalties);
  const score = base >= 90 ? base + bonuses : base;
  return { score, grade: grades.find(([floor]) => score >= floor)![1], results };
}
