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

/** A case-insensitive whole-word pattern for a phrase; any run of spaces matches. */
function phrasePattern(phrase: string): RegExp {
  const body = phrase.trim().split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "giu");
}

/** Every banned variant in a text, with its line number and the term to use instead. */
export function findBannedTerms(text: string, glossary: GlossaryEntry[]): GlossaryHit[] {
  const hits: GlossaryHit[] = [];
  const lines = text.split("\n");
  for (const entry of glossary) {
    for (const variant of entry.banned) {
      const pattern = phrasePattern(variant);
      lines.forEach((line, index) => {
        for (const match of line.matchAll(pattern)) hits.push({ line: index + 1, found: match[0], use: entry.es });
      });
    }
  }
  return hits.sort((a, b) => a.line - b.line);
}
