import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSameSitePath, legacyRedirect } from "./redirects";

describe("redirects stay on the site", () => {
  it.each(["//evil.example/", "/.//evil.example/", "/en//evil.example/", "/\\evil.example/", "/en/\\/evil.example"])(
    "%s redirects to a path of this site",
    (path) => {
      const target = legacyRedirect(path);
      expect(target).toBeDefined();
      expect(isSameSitePath(target!)).toBe(true);
    },
  );

  it("never answers an off-site target, whatever the path", () => {
    const segment = fc.constantFrom("/", "//", "\\", "en", "es", ".", "..", "evil.example", "services", "asylum", "");
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
        const target = legacyRedirect(`/${parts.join("")}`);
        if (target !== undefined) expect(isSameSitePath(target)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("still sends old URLs, /en and trailing slashes to the real page", () => {
    expect(legacyRedirect("/en/contact/")).toBe("/contact");
    expect(legacyRedirect("/en")).toBe("/");
    expect(legacyRedirect("/services/asylum")).toBe("/practice-areas/deportation-asylum/asylum");
  });
});
