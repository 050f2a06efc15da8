/**
 * How visa and form names are written varies: "U visa", "U-visa", "visa U" (Spanish), "K-3",
 * "K3", "k 3", "I-130". The site search's index holds a hyphenated name both whole without the
 * hyphen ("k3", "i130", "uvisa") and in parts, and drops one-letter words; so a query is searched
 * with each such name joined into one word, and pages named after a one-letter visa carry that
 * joined word too (`searchAliases`), whatever the word order of their language.
 */

/** The one-letter visas the site has pages for (U and T visas). */
const visaLetters = "tu";
const letterThenVisa = new RegExp(`(?<![\\p{L}\\d])([${visaLetters}])[\\s-]+visas?(?![\\p{L}\\d])`, "giu");
const visaThenLetter = new RegExp(`(?<![\\p{L}\\d])visas?[\\s-]+([${visaLetters}])(?![\\p{L}\\d])`, "giu");
/** A form or visa class: one or two letters, an optional hyphen or space, digits, an optional letter. */
const letterNumber = /(?<![\p{L}\d])(\p{L}{1,2})[\s-]?(\d{1,3}\p{L}?)(?![\p{L}\d])/gu;

/** The query as the index holds its words: names joined, other hyphens as spaces. */
export function normalizeQuery(query: string): string {
  return query
    .normalize("NFC")
    .replace(letterThenVisa, (_, letter: string) => `${letter.toLowerCase()}visa`)
    .replace(visaThenLetter, (_, letter: string) => `${letter.toLowerCase()}visa`)
    .replace(letterNumber, "$1$2")
    .replace(/[-‐‑–—]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The joined name ("uvisa") a page named after a one-letter visa is also found by. A page whose
 * title names several (a category) gets none: the page about the visa itself should come first.
 */
export function searchAliases(title: string): string[] {
  const letters = new Set(
    [...title.matchAll(letterThenVisa), ...title.matchAll(visaThenLetter)].map((m) => (m[1] ?? "").toLowerCase()),
  );
  return letters.size === 1 ? [...letters].map((letter) => `${letter}visa`) : [];
}
