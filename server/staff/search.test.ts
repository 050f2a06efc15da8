import { describe, expect, it } from "vitest";
import { localTime } from "../leads-export";
import type { StoredSubmission } from "../intake/store";
import { matchesSearch } from "./leads";

const lead = {
  id: "0b5e2c1e-7a1f-4c55-9d0e-1f0f6f1c2a33",
  reference: "LFH-7K3Q-9X",
  name: "María José Peña",
  email: "maria.pena@example.com",
  phone: "(281) 555-0142",
} as unknown as StoredSubmission;

describe("finding a lead in the console", () => {
  it("matches a name, an email, a phone typed any way and a reference read aloud", () => {
    expect(matchesSearch(lead, "peña")).toBe(true);
    expect(matchesSearch(lead, "MARIA.PENA@")).toBe(true);
    expect(matchesSearch(lead, "281-555-0142")).toBe(true);
    expect(matchesSearch(lead, "lfh 7k3q 9x")).toBe(true);
    expect(matchesSearch(lead, "7K3Q9X")).toBe(true);
    expect(matchesSearch(lead, "Ruiz")).toBe(false);
    // Two digits match half the phone numbers of a city: a phone search needs four.
    expect(matchesSearch(lead, "28")).toBe(false);
  });

  it("writes a time in the firm's zone, with the zone named (summer and winter)", () => {
    expect(localTime("2026-01-15T18:30:00Z", "America/Chicago")).toBe("2026-01-15 12:30:00 CST");
    expect(localTime("2026-07-15T18:30:00Z", "America/Chicago")).toBe("2026-07-15 13:30:00 CDT");
  });
});
