import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { feeReferences, feeTitle } from "../../core/fees";
import { checkFees } from "../../scripts/content-tools";
import { loadFacts } from "./facts.server";
import { feePageView, feesById, loadFeeTable } from "./fees.server";
import { contentRoot, renderContentSource } from "./load.server";

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** Every page of a content folder rendered as the build renders it, with that folder's ledger and fee table. */
function renderAll(root: string): Map<string, string> {
  const fees = feesById(loadFeeTable(join(root, "facts", "fees.yaml")));
  const facts = new Map(loadFacts(join(root, "facts")).files.flatMap((f) => f.facts.map((x) => [x.id, x] as const)));
  const pages = new Map<string, string>();
  for (const locale of ["en", "es"] as const)
    for (const file of markdownFiles(join(root, locale))) {
      const { data, html } = renderContentSource(readFileSync(file, "utf8"), locale, { facts, fees });
      pages.set(relative(root, file), JSON.stringify(data) + html);
    }
  return pages;
}

describe("fee table (content/facts/fees.yaml)", () => {
  it("is the only source of amounts: no page or ledger claim types one by hand, every reference resolves", () => {
    expect(checkFees()).toEqual([]);
  });

  it("changing one entry on a scratch copy of content/ changes every page showing it, in both languages", () => {
    const scratch = mkdtempSync(join(tmpdir(), "fees-"));
    cpSync(contentRoot, scratch, { recursive: true });
    const before = renderAll(scratch);
    const feesFile = join(scratch, "facts", "fees.yaml");
    writeFileSync(
      feesFile,
      readFileSync(feesFile, "utf8").replace("{ variant: paper, amount: 675 }", "{ variant: paper, amount: 9876 }"),
    );
    const after = renderAll(scratch);

    // The pages that show the I-130 paper fee: by reference, in a sum, or in a ledger fact they show.
    const showing = [...before.keys()].filter((file) => {
      const text = readFileSync(join(scratch, file), "utf8").replace(/\\"/g, '"');
      const facts = [...text.matchAll(/::fact\{id="([^"]*)"\}/g)].map((m) => m[1]);
      const claims = loadFacts(join(scratch, "facts"))
        .files.flatMap((f) => f.facts)
        .filter((fact) => facts.includes(fact.id))
        .map((fact) => `${fact.claim} ${fact.claimEs ?? ""}`);
      return [text, ...claims].some((t) => feeReferences(t).some((ref) => ref.split("+").includes("i-130/paper")));
    });
    const changed = [...before.keys()].filter((file) => before.get(file) !== after.get(file));
    expect(changed.sort()).toEqual(showing.sort());
    for (const file of changed) expect(after.get(file)).toContain("$9,876");
    expect(changed.filter((f) => f.startsWith("en/")).length).toBeGreaterThanOrEqual(9);
    expect(changed.filter((f) => f.startsWith("es/")).length).toBeGreaterThanOrEqual(9);
    // The fees page and its estimator read the same entry.
    const view = feePageView(loadFeeTable(feesFile), "es");
    expect(view.paths.find((p) => p.id === "marriage-in-us")?.items[0]).toMatchObject({ text: "$9,876" });
  }, 240_000); // renders every page twice (about 190 files)

  it("gives the fees page every entry and each path's total, in the page's language", () => {
    const table = loadFeeTable();
    const view = feePageView(table, "es");
    const rows = [...view.groups.flatMap((g) => g.rows), ...view.figures];
    expect(rows.map((r) => r.id).sort()).toEqual(table.fees.map((f) => f.id).sort());
    const i130 = table.fees.find((f) => f.id === "i-130");
    expect(rows.find((r) => r.id === "i-130")?.title).toBe(i130 && feeTitle(i130, "es"));
    const daca = view.paths.find((p) => p.id === "daca-renewal");
    expect(daca?.total).toBe("$605");
    const consular = feePageView(table, "en").paths.find((p) => p.id === "marriage-consular");
    expect(consular?.items.map((i) => i.form)).toEqual([
      "I-130",
      "DS-260",
      "I-864 (NVC)",
      "USCIS Immigrant Fee",
      "I-601A",
    ]);
    expect(consular?.total).toBe("$1,355");
    expect(consular?.withOptional).toBe("$2,150");
  });
});
