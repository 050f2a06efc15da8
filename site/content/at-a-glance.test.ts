import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAtAGlance, glanceExemptions } from "../../core/at-a-glance";
import { feeHtml } from "../../core/fees";
import { renderGlance } from "./at-a-glance.server";
import { feeTable } from "./fees.server";
import { checkSummaries, contentRoot, loadContent } from "./load.server";
import { renderMarkdown } from "./markdown.server";

const repoRoot = join(contentRoot, "..");
const daca = "practice-areas/humanitarian/daca-lawyer";
const h1b = "practice-areas/employment-based/h-1b-temporary-worker";

/** The build's summary check run on a scratch copy of content/ after `change`: its exit code and messages. */
function checkScratch(change: (file: (locale: string, key: string) => string) => void) {
  const dir = mkdtempSync(join(tmpdir(), "glance-"));
  cpSync(contentRoot, join(dir, "content"), { recursive: true });
  change((locale, key) => join(dir, "content", locale, `${key}.md`));
  return spawnSync(
    join(repoRoot, "node_modules", ".bin", "tsx"),
    [join(repoRoot, "scripts", "check-content.ts"), "--summaries-only"],
    { cwd: dir, encoding: "utf8" },
  );
}

function edit(file: string, from: RegExp | string, to: string) {
  const before = readFileSync(file, "utf8");
  const after = before.replace(from, to);
  expect(after).not.toBe(before);
  writeFileSync(file, after);
}

describe("practice page summaries (the answer first)", () => {
  it("every practice page has its summary or a reviewed exemption, and every summary link reaches a heading", () => {
    expect(checkSummaries()).toEqual([]);
  });

  it("the build stops, naming the page, when a summary is missing or links to a missing section", () => {
    const run = checkScratch((file) => {
      // The DACA page loses its whole summary; the Spanish H-1B summary's fee link points nowhere.
      edit(file("en", daca), /\natAGlance:\n(?: {2}.*\n)+/, "\n");
      edit(file("es", h1b), 'section: "costos"', 'section: "tarifas"');
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`content/en/${daca}.md: no summary at the top`);
    expect(run.stderr).toContain(`content/es/${h1b}.md: atAGlance.fees links to #tarifas, which is not a heading`);
    expect(run.stderr.match(/PROBLEM/g)).toHaveLength(2);
  }, 120_000);

  it("asks for a fee reference, and for an exemption to be removed once the page has its summary", () => {
    const glance = loadContent(daca, "en").glanceRaw;
    const ids = new Set(loadContent(daca, "en").headings.map((h) => h.id));
    const where = `content/en/${daca}.md`;
    expect(checkAtAGlance(where, glance, ids)).toEqual([]);
    expect(checkAtAGlance(where, glance, ids, [where])).toEqual([
      `${where}: has a summary, so remove it from glanceExemptions in core/at-a-glance.ts`,
    ]);
    expect(checkAtAGlance(where, undefined, ids, [where])).toEqual([]);
    const typed = structuredClone(glance) as { fees: { text: string } };
    typed.fees.text = "A renewal costs what the USCIS fee schedule says today.";
    expect(checkAtAGlance(where, typed, ids)).toEqual([
      `${where}: atAGlance.fees shows no fee from the fee table (use ::fee{id="..."})`,
    ]);
    // The list only names practice pages that really lack a summary.
    for (const file of glanceExemptions) expect(file).toMatch(/^content\/(en|es)\/practice-areas\/[\w-]+\/[\w-]+\.md$/);
  });

  it("shows each fee as the body's ::fee directive does (amount, dates on hover) and the heading it leads to", () => {
    const content = loadContent(daca, "es");
    const fees = content.glance?.find((item) => item.topic === "fees");
    expect(fees?.html).toContain(feeHtml("i-821d+i-765/online", feeTable().byId, "es"));
    expect(fees?.sectionText).toBe(content.headings.find((h) => h.id === "tarifas-y-plazos")?.text);
    const raw = { ...(content.glanceRaw as object) };
    expect(
      renderGlance(raw, content.headings, { locale: "es", facts: new Map(), fees: feeTable().byId })?.items,
    ).toEqual(content.glance);
  });

  it("keeps a heading's own id when its words (or the amount it shows) change", () => {
    const fees = feeTable().byId;
    const out = renderMarkdown('## Fees and the ::fee{id="h1b-payment"} payment {#fees}\n\n## Who qualifies', {
      locale: "en",
      facts: new Map(),
      fees,
    });
    expect(out.headings.map((h) => [h.id, h.text])).toEqual([
      ["fees", "Fees and the $100,000 payment"],
      ["who-qualifies", "Who qualifies"],
    ]);
    expect(out.html).toContain('<h2 id="fees">Fees and the <data class="fee"');
    expect(out.html).not.toContain("{#fees}");
  });
});
