/**
 * What counts as text in a form field, and how text is shown where it could be mistaken for
 * something else (a terminal, a line of a plain-text email). Shared by the browser forms, the
 * intake API, the mail writer and the leads command.
 */

/** C0 and C1 controls and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const lineBreaks = /[\t\n\r\u0085\u2028\u2029]/;
/** Bidirectional overrides, embeddings, isolates and marks: they reorder what a reader sees. */
const bidi = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Invisible characters that let a name look empty or different from what is stored. */
// eslint-disable-next-line no-misleading-character-class -- each joiner is matched on its own, on purpose
const invisible = /[\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200D\u2060-\u2064\u3164\uFEFF\uFFA0]/;
/** Half of a UTF-16 surrogate pair on its own: not a character, stored as invalid UTF-8. */
const loneSurrogate = /\p{Cs}/u;

/** A single-line field: no controls, no line breaks, no bidi controls, nothing invisible. */
export function isCleanLine(value: string): boolean {
  return !(
    controls.test(value) ||
    lineBreaks.test(value) ||
    bidi.test(value) ||
    invisible.test(value) ||
    loneSurrogate.test(value)
  );
}

/** A free-text field (message, cover letter): line breaks and tabs allowed, and emoji joiners. */
export function isCleanText(value: string): boolean {
  return !(controls.test(value) || bidi.test(value) || loneSurrogate.test(value));
}

/** A person's name has at least one letter. */
export function hasLetter(value: string): boolean {
  return /\p{L}/u.test(value);
}

/**
 * A phone number as people write it: digits with spaces, dots, dashes, slashes or brackets, an
 * optional leading + and an optional extension; 7 to 15 digits in all.
 */
export function looksLikePhone(value: string): boolean {
  const match = /^(\+?[\d\s().\-/]+?)(?:\s*(?:x|ext\.?|extension)\s*(\d{1,6}))?$/i.exec(value.trim());
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
 * Text for a terminal or a CSV cell: controls (ESC, CR, BEL ...), bidi controls and lone
 * surrogates are shown as visible escapes such as `\x1b` or `\u202e`, so nothing a visitor typed
 * can move the cursor, clear the screen, open a link, set a window title or reorder a line.
 * `keepNewlines` keeps line feeds and tabs (a message shown whole).
 */
export function visibleControls(value: string, keepNewlines = false): string {
  return value.replace(
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]|\p{Cs}/gu,
    (char) => {
      if (keepNewlines && (char === "\n" || char === "\t")) return char;
      const code = char.charCodeAt(0);
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
}
