// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { focusHashTarget, hashId, showBookingCalendar } from "./behaviours";

describe("a link to a place in the page", () => {
  it("reads the fragment's escapes, and a malformed one as typed", () => {
    expect(hashId("#caf%C3%A9")).toBe("café");
    expect(hashId("#100%")).toBe("100%");
    expect(hashId("#%E0%A4%A")).toBe("%E0%A4%A");
  });

  it("moves focus to the target, and a malformed hash leaves the page working", () => {
    document.body.innerHTML = '<h2 id="100%">Fees</h2><h2 id="steps">Steps</h2>';
    window.location.hash = "#100%";
    expect(() => focusHashTarget()).not.toThrow();
    expect(document.activeElement?.id).toBe("100%");
    window.location.hash = "#steps";
    focusHashTarget();
    expect(document.activeElement?.id).toBe("steps");
  });
});

describe("the booking calendar's link", () => {
  it("shows the calendar from its template in place of the link, and says so when there is none", () => {
    document.body.innerHTML =
      '<a href="https://booking.example/" data-booking-calendar="frame">Show</a>' +
      '<template id="frame"><iframe src="https://booking.example/" title="Calendar"></iframe></template>' +
      '<a href="https://booking.example/" data-booking-calendar="missing">Show</a>';
    const [withTemplate, withoutTemplate] = document.querySelectorAll<HTMLElement>("a");
    if (!withTemplate || !withoutTemplate) throw new Error("the links are missing");
    expect(showBookingCalendar(withTemplate)).toBe(true);
    const frame = document.querySelector("body > iframe");
    expect(frame?.getAttribute("src")).toBe("https://booking.example/");
    expect(document.activeElement).toBe(frame);
    expect(document.querySelectorAll("a")).toHaveLength(1);
    expect(showBookingCalendar(withoutTemplate)).toBe(false);
    expect(withoutTemplate.isConnected).toBe(true);
  });
});
