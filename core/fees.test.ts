import { describe, expect, it } from "vitest";
import {
  checkFeeTable,
  expandFeesText,
  feeHtml,
  feeSchema,
  resolveReference,
  typedAmounts,
  type Fee,
  type FeeTable,
} from "./fees";

const i130: Fee = {
  id: "i-130",
  kind: "government",
  payee: "uscis",
  form: "I-130",
  title: "Petition for a relative",
  titleEs: "Petición de familiar",
  amounts: [
    { variant: "paper", amount: 675 },
    { variant: "online", amount: 625 },
  ],
  effective: "2024-04-01",
  source: "https://www.uscis.gov/g-1055",
  verified: "2026-11-24",
};
const ds260: Fee = {
  ...i130,
  id: "ds-260",
  payee: "state",
  form: "DS-260",
  amounts: [{ variant: "standard", amount: 325 }],
  effective: undefined,
  verified: "2026-11-25",
};
const table = new Map([
  ["i-130", i130],
  ["ds-260", ds260],
]);

describe("fee references", () => {
  it("name one amount, or a sum, and say what is wrong otherwise", () => {
    expect(resolveReference(table, "i-130/paper")).toMatchObject({ amount: 675 });
    expect(resolveReference(table, "ds-260")).toMatchObject({ amount: 325 });
    expect(resolveReference(table, "i-130/online+ds-260")).toMatchObject({ amount: 950 });
    expect(resolveReference(table, "i-130")).toBe("fee i-130 has 2 amounts; name one: i-130/paper, i-130/online");
    expect(resolveReference(table, "i-130/reduced")).toBe("fee i-130 has no reduced amount");
    expect(resolveReference(table, "i-999")).toBe("unknown fee i-999");
  });

  it("render the amount with its dates in the page's language", () => {
    expect(feeHtml("i-130/paper", table, "en")).toBe(
      '<data class="fee" value="675" title="USCIS amount since April 1, 2024; verified November 24, 2026">$675</data>',
    );
    expect(feeHtml("i-130/paper", table, "es")).toContain(
      'title="Monto de USCIS desde el 1 de abril de 2024; verificado el 24 de noviembre de 2026">$675<',
    );
    expect(feeHtml("ds-260", table, "en")).toContain(
      "State Department amount in force when verified on November 25, 2026",
    );
    expect(expandFeesText('EB-5: ::fee{id="i-130/paper+ds-260"} total', table)).toBe("EB-5: $1,000 total");
    expect(() => expandFeesText('::fee{id="i-131"}', table)).toThrow("unknown fee i-131");
  });
});

describe("hand-typed amounts", () => {
  it("are found in either language, with their line; references are not", () => {
    const page = [
      "---",
      'description: "From ::fee{id=\\"i-130/paper\\"}"',
      "---",
      'The fee is ::fee{id="i-130/paper"} on paper or $625 online.',
      "Inversión de 800 mil a 1.05 millones de dólares; US$ 5 y $ 1,440.",
    ].join("\n");
    expect(typedAmounts(page.replace(/\\"/g, '"'))).toEqual([
      { line: 4, text: "$625" },
      { line: 5, text: "1.05 millones de dólares" },
      { line: 5, text: "$ 5" },
      { line: 5, text: "$ 1,440" },
    ]);
  });
});

describe("fee table", () => {
  it("rejects repeated variants, impossible dates and plain-http sources", () => {
    expect(feeSchema.safeParse({ ...i130, amounts: [i130.amounts[0], i130.amounts[0]] }).success).toBe(false);
    expect(feeSchema.safeParse({ ...i130, verified: "2026-02-30" }).success).toBe(false);
    expect(feeSchema.safeParse({ ...i130, source: "http://www.uscis.gov" }).success).toBe(false);
  });

  it("reports repeated ids, future dates and estimator paths that name no amount", () => {
    const file: FeeTable = {
      fees: [i130, { ...i130, verified: "2027-01-01" }],
      paths: [{ id: "marriage", title: "Marriage", titleEs: "Matrimonio", items: [{ fee: "i-130" }, { fee: "x" }] }],
    };
    expect(checkFeeTable(file, "2026-11-28")).toEqual([
      "fee id i-130 is used twice",
      "fee i-130 is verified in the future (2027-01-01)",
      "path marriage: fee i-130 has 2 amounts; name one: i-130/paper, i-130/online",
      "path marriage: unknown fee x",
    ]);
  });
});
