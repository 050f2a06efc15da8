import { describe, expect, it } from "vitest";
import { officeHours } from "./office-hours";

describe("the office hours in words, from the firm settings", () => {
  it("says a run of weekdays as a range, in each language", () => {
    const hours = { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" };
    expect(officeHours("en", hours)).toBe("Monday to Friday, 9:00 a.m. to 6:00 p.m.");
    expect(officeHours("es", hours)).toBe("lunes a viernes, de 9:00 a. m. a 6:00 p. m.");
  });

  it("lists days that are not a run, and reads noon and half hours", () => {
    const hours = { days: ["Saturday", "Monday", "Wednesday"], opens: "08:30", closes: "12:00" };
    expect(officeHours("en", hours)).toBe("Monday, Wednesday and Saturday, 8:30 a.m. to 12:00 p.m.");
    expect(officeHours("es", hours)).toBe("lunes, miércoles y sábado, de 8:30 a. m. a 12:00 p. m.");
  });
});
