/**
 * Typography shared by the Markdown pipeline and the components that print titles: numbers a
 * reader copies or dials never break across lines ("555-" / "0142", "I-" / "360"), and phone
 * numbers in text can be dialled.
 */

const phonePatterns = [
  /\(\d{3}\)[ \u00a0]\d{3}-\d{4}/.source,
  /\b1-\d{3}-\d{3}-\d{4}\b/.source,
  /\b\d{3}-\d{3}-\d{4}\b/.source,
  // The emergency number, wherever the text names it.
  /\b911\b/.source,
];
/** Form and visa codes: I-360, N-400, DS-160, H-1B, I-918 Supplement B keeps only its code together. */
const formCode = /\b[A-Z]{1,4}-\d{1,4}[A-Z]{0,2}\b/.source;

/** A phone number's `tel:` address: 911 as it is, other numbers as +1 and their ten digits. */
export function dialHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length <= 3) return `tel:${digits}`;
  return `tel:+1${digits.slice(-10)}`;
}

export interface TextPiece {
  text: string;
  /** A form code or phone number: printed without line breaks. */
  keep: boolean;
}

/** Splits a title or label into pieces, marking the form codes that must stay on one line. */
export function splitUnbreakable(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const pattern = new RegExp(`${formCode}|${phonePatterns.slice(0, 3).join("|")}`, "g");
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) pieces.push({ text: text.slice(last, at), keep: false });
    pieces.push({ text: match[0], keep: true });
    last = at + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), keep: false });
  return pieces;
}

/**
 * Straight quotes to typographic ones in HTML-escaped text (as Markdown renders it): “ ” for
 * double quotes, ’ for apostrophes, ‘ ’ for single quotes.
 */
export function curlyQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{\u2014\u2013-])(?:&quot;|")/g, "$1\u201c")
    .replace(/&quot;|"/g, "\u201d")
    .replace(/(^|[\s([{\u2014\u2013-])(?:&#39;|')/g, "$1\u2018")
    .replace(/&#39;|'/g, "\u2019");
}

/**
 * Rendered HTML, text only (never inside a tag, its attributes, code or an existing link): phone
 * numbers become `tel:` links, form codes are kept on one line, quotes become typographic.
 */
export function typesetHtml(html: string, options: { telTarget?: string } = {}): string {
  const pattern = new RegExp(`(${phonePatterns.join("|")})|(${formCode})`, "g");
  const target = options.telTarget ?? "";
  let inLink = 0;
  let inCode = 0;
  // The character before this piece of text, so a quote right after </strong> closes.
  let before = " ";
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        if (/^<\/?(p|li|h[1-6]|td|th|br|div|blockquote|ul|ol|tr)[\s>/]/i.test(part)) before = " ";
        if (/^<a[\s>]/i.test(part)) inLink++;
        else if (/^<\/a>/i.test(part)) inLink = Math.max(0, inLink - 1);
        else if (/^<(code|pre)[\s>]/i.test(part)) inCode++;
        else if (/^<\/(code|pre)>/i.test(part)) inCode = Math.max(0, inCode - 1);
        return part;
      }
      if (inCode > 0 || part === "") return part;
      const quoted = curlyQuotes(before + part).slice(1);
      before = part.slice(-1);
      return quoted.replace(pattern, (match: string, phone: string | undefined) =>
        phone && inLink === 0
          ? `<a href="${dialHref(match)}"${target} class="nowrap">${match}</a>`
          : `<span class="nowrap">${match}</span>`,
      );
    })
    .join("");
}
