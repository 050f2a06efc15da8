import { alternates, type Locale } from "../locales";
import { en, enLanguage, type Dictionary, type IslandDictionary, type Invitation, type LanguageWords } from "./en";
import { es, esLanguage } from "./es";

export type { Invitation };

/**
 * A page's interface strings: its language's dictionary, and each other language's invitation
 * (the language switch's label, the offer of the page in that language, the search's offer of
 * one of its pages), written in that language, since the reader who follows it reads that
 * language. Each language writes its own invitation once and names every language; no dictionary
 * holds another language's text, so a new entry in the locale record makes the compiler ask for
 * its invitation and for its name in every language.
 */
export type Messages = Dictionary & {
  /** By target language: every alternate of the page's language, none other. */
  invitations: Partial<Record<Locale, Invitation>>;
};

const dictionaries: Record<Locale, Dictionary> = { en, es };
const languages: Record<Locale, LanguageWords> = { en: enLanguage, es: esLanguage };

/** `target`'s invitation as a page in `from` shows it: its no-counterpart sentence names `from`, in `target`'s words. */
export function invitation(target: Locale, from: Locale): Invitation {
  const { invitation: words, names } = languages[target];
  return { ...words, noCounterpart: words.noCounterpart.replace("{language}", names[from]) };
}

const composed = new Map<Locale, Messages>();

/**
 * What the islands read: their sections of the page's dictionary (which the browser fetches, see
 * site/islands/dictionaries.ts) and the page's invitations (in the page's data). The other
 * sections (page titles, fee tables, the at-a-glance box) are written by the prerender alone.
 */
export type IslandMessages = IslandDictionary & Pick<Messages, "invitations">;

export function messages(locale: Locale): Messages {
  let found = composed.get(locale);
  if (!found) {
    const invitations = Object.fromEntries(alternates(locale).map((target) => [target, invitation(target, locale)]));
    found = { ...dictionaries[locale], invitations };
    composed.set(locale, found);
  }
  return found;
}
