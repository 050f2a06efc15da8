import { describe, expect, it } from "vitest";
import { pageByKey, pathOf } from "./routes";
import { isSurvivorPage, survivorPageKeys } from "./survivor-pages";

describe("survivor pages", () => {
  it("names pages that exist in both languages", () => {
    for (const key of survivorPageKeys) {
      expect(pageByKey(key), key).toBeDefined();
      expect(isSurvivorPage(pathOf(key, "en")), key).toBe(true);
      expect(isSurvivorPage(pathOf(key, "es")), key).toBe(true);
    }
  });

  it("covers the VAWA, U visa and T visa pages in Spanish too, and nothing else", () => {
    expect(isSurvivorPage("/es/areas-de-practica/victimas-de-delitos/visa-t")).toBe(true);
    expect(isSurvivorPage("/es/blog/guia-green-cards-vawa")).toBe(true);
    expect(isSurvivorPage("/practice-areas/employment-based/h-1b-temporary-worker")).toBe(false);
    expect(isSurvivorPage("/")).toBe(false);
    expect(isSurvivorPage("/no-such-page")).toBe(false);
  });
});
