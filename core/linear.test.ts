import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { careersSchema, leadSchema, validate, type Validation } from "./forms";
import { limits, resumeProblem, safeResumeName } from "./form-options";
import { legacyRedirect } from "./redirects";
import { stripTrailingSlash } from "./routes";
import { hasLetter, isCleanLine, isCleanText, looksLikePhone } from "./text";

// Every pattern that runs on what a visitor sends, fed long strings built to make a backtracking
// pattern retry: one character, a long run of a separator (or a mix), then a character that makes
// the match fail at the very end. Linear code answers 300 KB in a few milliseconds; a quadratic
// pattern makes some 4.5 x 10^10 steps there, tens of seconds. The bound (one second) is far
// below that and far above what a loaded 2-core machine makes of a few milliseconds (400 ms was
// seen with two dozen processes on the two cores); the fastest run counts, and runs repeat for
// up to five seconds, so neighbours holding the CPU do not fail the test but a slow pattern does.
const size = 300_000;
const boundMs = 1000;
const triesMs = 5000;

function timed<T>(run: () => T): { value: T; ms: number } {
  let best = Infinity;
  let value!: T;
  const first = performance.now();
  do {
    const started = performance.now();
    value = run();
    best = Math.min(best, performance.now() - started);
  } while (best >= boundMs && performance.now() - first < triesMs);
  return { value, ms: best };
}

const units = [
  " ",
  "  ",
  ".",
  "-",
  "/",
  "\\",
  "(",
  ")",
  "1",
  "1 ",
  "a",
  "a ",
  "x",
  "ext",
  "@",
  "a.",
  "_",
  "/en",
  "%",
  "\u200B",
  "\t",
  "é",
  "👍",
  "\u2028",
];
const edges = ["", "1", "a", "+", "b.pdf", "x", "@", "!", "/", " ", "\u0000", "ext.", "\uD800"];
const adversarial = fc
  .record({
    head: fc.constantFrom(...edges),
    unit: fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("")),
    tail: fc.constantFrom(...edges),
  })
  .map(({ head, unit, tail }) => `${head}${unit.repeat(Math.ceil(size / unit.length))}${tail}`);

const known: [string, string][] = [
  ["the phone that stalled the server", `1${" ".repeat(240_000)}a`],
  ["the file name that stalled the server", `a${" ".repeat(80_000)}b.pdf`],
  ["a path of /en repeated", "/en".repeat(100_000)],
  ["separators between digits", "1-".repeat(size / 2) + "x"],
  ["an email-looking run", "a.".repeat(size / 2) + "@"],
];

/** Each field of both forms, with a string value the visitor controls. */
const fields = {
  lead: ["name", "email", "phone", "message", "recaptchaToken", "page"],
  careers: ["fullName", "email", "phone", "linkedin", "coverLetter", "job"],
};

function check<T>(label: string, run: () => T, verify: (answer: T) => void) {
  const { value: answer, ms } = timed(run);
  expect(ms, `${label} took ${ms.toFixed(1)} ms`).toBeLessThan(boundMs);
  verify(answer);
}

function checkAll(value: string) {
  check(
    "looksLikePhone",
    () => looksLikePhone(value),
    (a) => expect(a).toBe(false),
  );
  check(
    "isCleanLine",
    () => isCleanLine(value),
    (a) => expect(a).toBe(referenceCleanLine(value)),
  );
  check(
    "isCleanText",
    () => isCleanText(value),
    (a) => expect(typeof a).toBe("boolean"),
  );
  check(
    "hasLetter",
    () => hasLetter(value),
    (a) => expect(a).toBe(/\p{L}/u.test(value)),
  );
  check(
    "resumeProblem",
    () => resumeProblem({ name: value, size: 1 }),
    (a) => expect(a).toBe("resumeName"),
  );
  check(
    "safeResumeName",
    () => safeResumeName(value, "pdf"),
    (a) => expect(a.length).toBeLessThanOrEqual(104),
  );
  check(
    "legacyRedirect",
    () => legacyRedirect(value),
    (a) => expect(a === undefined || a.length <= value.length).toBe(true),
  );
  check(
    "stripTrailingSlash",
    () => stripTrailingSlash(value),
    (a) => expect(a.endsWith("/")).toBe(a === "/"),
  );
  // Refused, unless trimming left a value short enough to be judged on its merits.
  const refused = (field: string) => (result: Validation<unknown>) =>
    expect(!result.ok && (field in result.errors || value.trim().length <= limits.coverLetterMax)).toBe(true);
  for (const field of fields.lead)
    check(`lead.${field}`, () => validate(leadSchema("en"), { [field]: value }), refused(field));
  for (const field of fields.careers)
    check(`careers.${field}`, () => validate(careersSchema("en"), { [field]: value }), refused(field));
}

/** The single-line rule, one code point at a time, with no pattern over the whole string. */
function referenceCleanLine(value: string): boolean {
  for (const char of value)
    if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u.test(char)) return false;
  return true;
}

describe("every pattern on visitor input answers long adversarial strings quickly", () => {
  it.each(known)("%s", (_label, value) => checkAll(value));

  it("whatever the run and its edges", () => {
    fc.assert(fc.property(adversarial, checkAll), { numRuns: 25 });
  });

  it("still recognises a phone number with a long run of spaces inside the bound", () => {
    const spaced = `281${" ".repeat(limits.phoneMax - 13)}555 0142`;
    expect(looksLikePhone(spaced)).toBe(true);
    expect(looksLikePhone(`281 555 0142${" ".repeat(30)}ext. 12`)).toBe(true);
  });
});
