import { describe, expect, it } from "vitest";
import { pathOf } from "../core/routes";
import { usageSummary } from "../site/admin/fee-usage";
import { feeUsage, feeUsageOf } from "./fee-usage";

describe("where each fee is shown, for the editor's Fee table", () => {
  const fees = { locale: "en" as const, path: "/government-filing-fees", title: "Fees" };

  it("lists a page once per fee it names, a total under each of its fees, and a fee shown through a ledger fact", () => {
    const usage = feeUsageOf(
      [
        { locale: "en", path: "/a", title: "A", text: 'Costs ::fee{id="i-130/paper"} or ::fee{id="i-130/online"}.' },
        { locale: "es", path: "/es/a", title: "A es", text: 'text: "Cuesta ::fee{id=\\"i-821d+i-765/online\\"}."' },
        { locale: "en", path: "/b", title: "B", text: 'See ::fact{id="uscis-fees"}.' },
      ],
      new Map([["uscis-fees", 'I-485 ::fee{id="i-485"}']]),
      [fees],
      ["i-130", "i-485", "i-765", "i-821d", "i-864"],
    );
    expect(usage["i-130"]?.map((use) => use.path)).toEqual(["/a", "/government-filing-fees"]);
    expect(usage["i-821d"]?.map((use) => use.path)).toEqual(["/es/a", "/government-filing-fees"]);
    expect(usage["i-765"]?.map((use) => use.path)).toEqual(["/es/a", "/government-filing-fees"]);
    expect(usage["i-485"]?.map((use) => use.path)).toEqual(["/b", "/government-filing-fees"]);
    expect(usage["i-864"]?.map((use) => use.path)).toEqual(["/government-filing-fees"]);
    expect(usageSummary(usage["i-130"] ?? [])).toBe("Used on 2 pages (2 English, 0 Spanish)");
  });

  it("finds the site's pages in both languages that show the N-400 fee", () => {
    const uses = feeUsage()["n-400"] ?? [];
    const paths = uses.map((use) => use.path);
    for (const locale of ["en", "es"] as const) {
      expect(paths).toContain(pathOf("practice-areas/citizenship/naturalization", locale));
      expect(paths).toContain(pathOf("government-filing-fees", locale));
    }
    expect(uses.filter((use) => use.locale === "es").length).toBeGreaterThan(3);
  });
});
