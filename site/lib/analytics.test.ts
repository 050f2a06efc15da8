import { describe, expect, it } from "vitest";
import { analyticsAllowed, analyticsScriptUrl } from "./analytics";

describe("analytics consent", () => {
  const id = "G-ABC123XYZ";

  it("loads only when an id is configured", () => {
    expect(analyticsAllowed(id, {})).toBe(true);
    expect(analyticsAllowed("", {})).toBe(false);
    expect(analyticsAllowed(undefined, {})).toBe(false);
  });

  it("never loads for a visitor who sends Global Privacy Control", () => {
    expect(analyticsAllowed(id, { globalPrivacyControl: true })).toBe(false);
    expect(analyticsAllowed(id, { globalPrivacyControl: false })).toBe(true);
  });

  it("never loads for a visitor who sends Do Not Track", () => {
    expect(analyticsAllowed(id, { doNotTrack: "1" })).toBe(false);
    expect(analyticsAllowed(id, { doNotTrack: "yes" })).toBe(false);
    expect(analyticsAllowed(id, { doNotTrack: "0" })).toBe(true);
    expect(analyticsAllowed(id, { doNotTrack: null })).toBe(true);
  });

  it("refuses an id that is not a measurement id, so nothing odd reaches the script URL", () => {
    expect(analyticsAllowed("UA-1234-1", {})).toBe(false);
    expect(analyticsAllowed('G-1"><script>', {})).toBe(false);
    expect(analyticsScriptUrl(id)).toBe("https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ");
  });
});
