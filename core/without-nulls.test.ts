import { describe, expect, it } from "vitest";
import { frontMatterSchemas } from "./content-schema";
import { withoutNulls } from "./without-nulls";

describe("a value the editor wrote as null is not set", () => {
  it("drops null keys at any depth, so an emptied order or summary passes the page's schema", () => {
    const city = {
      kind: "city",
      slug: "conroe",
      order: null,
      title: "Immigration Lawyer in Conroe",
      description: "x".repeat(80),
      h1: "Immigration Lawyer in Conroe",
      updated: "2026-11-20",
      summary: null,
      related: [null],
      city: "Conroe",
      office: "houston",
    };
    expect(frontMatterSchemas.city.safeParse(city).success).toBe(false);
    expect(withoutNulls(city)).not.toHaveProperty("order");
    expect(frontMatterSchemas.city.safeParse(withoutNulls(city)).success).toBe(true);
  });
});
