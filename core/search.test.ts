import { describe, expect, it } from "vitest";
import { normalizeQuery, searchAliases } from "./search";

describe("site search query", () => {
  it("joins a one-letter visa with the word visa in either order and any spelling", () => {
    for (const query of ["u visa", "U-visa", "u-visa", "visa U", "VISA u", "U visas"])
      expect(normalizeQuery(query)).toBe("uvisa");
    expect(normalizeQuery("visa T para víctimas")).toBe("tvisa para víctimas");
  });

  it("joins visa classes and form numbers however they are written", () => {
    for (const query of ["k-3", "K3", "k 3"]) expect(normalizeQuery(query).toLowerCase()).toBe("k3");
    expect(normalizeQuery("Form I-130 petition")).toBe("Form I130 petition");
    expect(normalizeQuery("h-1b lottery")).toBe("h1b lottery");
  });

  it("leaves ordinary words, articles and other hyphens as words", () => {
    expect(normalizeQuery("get a visa")).toBe("get a visa");
    expect(normalizeQuery("asilo")).toBe("asilo");
    expect(normalizeQuery("work-based  green card")).toBe("work based green card");
  });

  it("gives a page named after one one-letter visa its joined name, in both languages", () => {
    expect(searchAliases("U Visa Protection for Victims of Crime")).toEqual(["uvisa"]);
    expect(searchAliases("La visa U: protección para víctimas de delitos")).toEqual(["uvisa"]);
    expect(searchAliases("Crime Victims: U Visa, T Visa and VAWA")).toEqual([]);
    expect(searchAliases("K-3 Spouse Visa")).toEqual([]);
  });
});
