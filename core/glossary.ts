import { z } from "zod";

/**
 * The Spanish glossary: the term the site uses for each legal concept (USCIS Spanish usage) and
 * the variants readers must not meet, because two names for one thing read as two things.
 */
export const glossaryEntrySchema = z.object({
  en: z.string().min(2),
  es: z.string().min(2),
  banned: z.array(z.string().min(2)).default([]),
  note: z.string().optional(),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
export const glossarySchema = z.array(glossaryEntrySchema).min(1);

export interface GlossaryHit {
  line: number;
  found: string;
  use: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One word of a banned variant: it also matches its plural ("solicitud" finds "solicitudes",
 * "prueba" finds "pruebas"), because a check that misses inflections invites the variant back.
 */
function wordPattern(word: string): string {
  const stressed = /^(.*)([áéíóú])n$/u.exec(word);
  if (stressed) {
    // "perdón" / "perdones", "expulsión" / "expulsiones": the plural drops the written accent.
    const [, stem = "", vowel = ""] = stressed;
    const plain = vowel.normalize("NFD").replace(/\p{M}/gu, "");
    return `(?:${escapeRegExp(word)}|${escapeRegExp(stem + plain)}nes)`;
  }
  const plural = /\p{L}$/u.test(word) && word.length >= 3 && !/s$/iu.test(word) ? "(?:s|es)?" : "";
  return escapeRegExp(word) + plural;
}

/**
 * A case-insensitive whole-word pattern for a banned variant: any run of spaces matches, each word
 * matches its plural, and a word in parentheses is optional ("solicitud de (más) pruebas").
 */
function phrasePattern(phrase: string): RegExp {
  const parts = phrase
    .trim()
    .split(/\s+/)
    .map((token) => {
      const optional = /^\((.+)\)$/.exec(token)?.[1];
      return optional ? `(?:${wordPattern(optional)}\\s+)?` : `${wordPattern(token)}\\s+`;
    });
  const body = parts.join("").replace(/\\s\+$/, "");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "giu");
}

/** Every banned variant in a text, with its line number and the term to use instead. */
export function findBannedTerms(text: string, glossary: GlossaryEntry[]): GlossaryHit[] {
  const hits: GlossaryHit[] = [];
  const seen = new Set<string>();
  const lines = text.split("\n");
  for (const entry of glossary) {
    for (const variant of entry.banned) {
      const pattern = phrasePattern(variant);
      lines.forEach((line, index) => {
        for (const match of line.matchAll(pattern)) {
          // Two variants of one entry can match the same words; report them once.
          const key = `${index}:${match.index}`;
          if (seen.has(key)) continue;
          seen.add(key);
          hits.push({ line: index + 1, found: match[0], use: entry.es });
        }
      });
    }
  }
  return hits.sort((a, b) => a.line - b.line);
}
