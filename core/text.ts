/**
 * What counts as text in a form field, and how text is shown where it could be mistaken for
 * something else (a terminal, a line of a plain-text email). Shared by the browser forms, the
 * intake API, the mail writer and the leads command.
 *
 * Every pattern here runs on what a visitor typed, so each is linear: a single character class,
 * or classes that cannot match the same character next to each other (no backtracking to try).
 */

/**
 * Characters that are not visible text, by Unicode property, so a new invisible character is
 * caught without a list to keep up: controls (Cc), format characters (Cf: bidi controls, tags,
 * joiners, soft hyphen, shorthand and hieroglyph format controls), private use (Co), unassigned
 * (Cn), lone surrogates (Cs), line and paragraph separators, and everything Unicode marks
 * Default_Ignorable (variation selectors, Hangul fillers, Mongolian selectors). U+2800 (a blank
 * Braille pattern) is a symbol by property but shows nothing.
 */
const hiddenClass = String.raw`\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800`;
/**
 * What a message or cover letter may still hold: tab and line breaks, the joiners that build
 * emoji sequences and words in some scripts (ZWNJ, ZWJ), and the emoji presentation selectors.
 */
const textAllowed = String.raw`\t\n\r\u2028\u2029\u200C\u200D\uFE0E\uFE0F`;

const hiddenInLine = new RegExp(`[${hiddenClass}]`, "u");
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is matched on its own, on purpose
const hiddenInText = new RegExp(`(?![${textAllowed}])[${hiddenClass}]`, "u");

/** A single-line field: no controls, no line breaks, no bidi controls, nothing invisible. */
export function isCleanLine(value: string): boolean {
  return !hiddenInLine.test(value);
}

/** A free-text field (message, cover letter): line breaks, tabs and emoji joiners allowed. */
export function isCleanText(value: string): boolean {
  return !hiddenInText.test(value);
}

/** A person's name has at least one letter. */
const letter = /\p{L}/u;

export function hasLetter(value: string): boolean {
  return letter.test(value);
}

/**
 * A phone number as people write it: digits with spaces, dots, dashes, slashes or brackets, an
 * optional leading + and an optional extension; 7 to 15 digits in all. The number's class holds
 * no letter and the extension starts with one, so the match never has two ways to split.
 */
export function looksLikePhone(value: string): boolean {
  const match = /^(\+?[\d\s().\-/]+)(?:(?:x|ext\.?|extension)\s*\d{1,6})?$/i.exec(value.trim());
  if (!match) return false;
  const digits = (match[1] ?? "").replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

/** One line of a plain-text rendering: every line break or control becomes a space. */
export function singleLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, " ");
}

/**
 * What a terminal or spreadsheet would act on or show as nothing: controls, format characters
 * (bidi, zero-width, tag characters), private-use and unassigned code points, every
 * default-ignorable code point (variation selectors, Hangul fillers), line and paragraph
 * separators, lone surrogates, and blank symbols that render as nothing (braille blank).
 */
const unseen = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}\u2800]/gu;

const messageKeeps = new Set(["\n", "\t", "\u200d", "\ufe0e", "\ufe0f"]);

/**
 * Text for a terminal or a CSV cell: everything `unseen` matches is shown as a visible escape
 * such as `\x1b`, `\u202e` or `\u{e0041}`, so nothing a visitor typed can move the cursor, clear
 * the screen, open a link, set a window title, reorder a line or hide part of itself.
 * `keepNewlines` keeps line feeds and tabs, and the emoji joiner and presentation selectors (a
 * message shown whole, where a family emoji is written with them).
 */
export function visibleControls(value: string, keepNewlines = false): string {
  return value.replace(unseen, (char) => {
    if (keepNewlines && messageKeeps.has(char)) return char;
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
    return code < 0x10000 ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`;
  });
}
