import { describe, expect, it } from "vitest";
import { alternates, locales } from "../locales";
import { invitation, messages } from ".";

describe("each other language's invitation, in its own words", () => {
  it("gives an English page the Spanish switch, offer and search offer, in Spanish", () => {
    expect(messages("en").invitations).toEqual({
      es: {
        switchLabel: "Ver este sitio en español",
        noCounterpart: "Esta página solo existe en inglés. Ver la página más cercana en español",
        suggestion: "¿Prefiere leer en español?",
        suggestionAction: "Ver en español",
        searchOffer: "Ver en español:",
      },
    });
  });

  it("gives a Spanish page the English ones, in English, naming Spanish", () => {
    expect(messages("es").invitations).toEqual({
      en: {
        switchLabel: "View this site in English",
        noCounterpart: "This page exists only in Spanish. See the closest page in English",
        suggestion: "Prefer to read in English?",
        suggestionAction: "View in English",
        searchOffer: "See in English:",
      },
    });
  });

  it("keys a page's invitations by every alternate of its language, each sentence complete", () => {
    for (const locale of locales) {
      const { invitations } = messages(locale);
      expect(Object.keys(invitations), locale).toEqual(alternates(locale));
      for (const target of alternates(locale)) {
        expect(invitations[target], `${locale} → ${target}`).toEqual(invitation(target, locale));
        expect(JSON.stringify(invitations[target]), `${locale} → ${target}`).not.toContain("{language}");
      }
    }
  });
});
