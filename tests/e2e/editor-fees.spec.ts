// Saves from the editor change only what staff edited (core/keep-format.ts, decision 0043), and
// a fee changed once in the Fee table reaches every page that shows it, in both languages. In a
// copy of the project whose content is its own git repository, so the test reads each save's diff.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect as baseExpect, test } from "@playwright/test";
import { parse } from "yaml";
import { editorCopy, openEditor, publish, type EditorCopy } from "./editor-copy";
import { e2e } from "./env";

// The editor's bundle is 5 MB and loads entries through the local backend: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
let copy: EditorCopy;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  copy = await editorCopy({ storage: e2e.port + 20, decap: e2e.port + 21, site: e2e.port + 22 });
});

test.afterAll(async () => {
  await copy.close();
});

const fee = { id: "n-400", variant: "paper", old: 760, new: 775 };
const dollars = (amount: number) => `$${amount}`;
/** The pages the Fee table lists for the fee, and which of them showed its old amount before the change. */
let listed: string[] = [];
const showedOld: string[] = [];

async function html(path: string): Promise<string> {
  const response = await fetch(`${copy.site}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

test("a fee changed once in the Fee table, which lists the pages showing it, is a one-line change of fees.yaml", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await openEditor(page, copy.site, "collections/settings/entries/fees");
  // The list is folded under its summary until staff open it.
  const usage = page.locator(`details:has(ul[aria-label="Pages showing ${fee.id}"])`);
  // Decap draws the 54 fees of the table at once: on a busy machine that takes a while.
  await expect(usage.locator("summary")).toHaveText(/^Used on \d+ pages \(\d+ English, \d+ Spanish\)$/, {
    timeout: 90_000,
  });
  await usage.locator("summary").click();
  listed = await usage.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(listed).toEqual(
    expect.arrayContaining([
      "/practice-areas/citizenship/naturalization",
      "/es/areas-de-practica/ciudadania/naturalizacion",
      "/government-filing-fees",
      "/es/costos-de-tramite-del-gobierno",
    ]),
  );
  // What the site shows before the change (the copy serves the build it was made with).
  for (const path of listed) if ((await html(path)).includes(dollars(fee.old))) showedOld.push(path);
  expect(showedOld.length).toBeGreaterThan(4);

  // The amount field of the fee's paper variant: amounts are numbered in the order of the file.
  const table = parse(readFileSync(join(copy.dir, "content/facts/fees.yaml"), "utf8")) as {
    fees: { id: string; amounts: { variant: string }[] }[];
  };
  const at = table.fees.findIndex((entry) => entry.id === fee.id);
  const before = table.fees.slice(0, at).reduce((count, entry) => count + entry.amounts.length, 0);
  const index = before + (table.fees[at]?.amounts.findIndex((amount) => amount.variant === fee.variant) ?? 0);
  const amount = page.getByLabel("Amount", { exact: true }).nth(index);
  await expect(amount).toHaveValue(String(fee.old));
  await amount.fill(String(fee.new));
  await publish(page);
  // Saving the 54 fees takes a while on a busy machine: the file's diff is what is awaited.
  await expect.poll(() => copy.diff(), { timeout: 180_000 }).toEqual(["1\t1\tcontent/facts/fees.yaml"]);
  expect(readFileSync(join(copy.dir, "content/facts/fees.yaml"), "utf8")).toContain(
    `- { variant: ${fee.variant}, amount: ${fee.new} }`,
  );
});

test("the firm's phone saved in Firm settings is a one-line change that keeps the file's header comment", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openEditor(page, copy.site, "collections/settings/entries/firm");
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveValue("(281) 555-0142");
  await phone.fill("(281) 555-0177");
  await publish(page);
  await expect
    .poll(() => copy.diff(), { timeout: 120_000 })
    .toEqual(["1\t1\tcontent/facts/fees.yaml", "1\t1\tcontent/settings/firm.yaml"]);
  const firm = readFileSync(join(copy.dir, "content/settings/firm.yaml"), "utf8");
  expect(firm).toMatch(/^# The firm's identity/);
  expect(firm).toContain("phone: (281) 555-0177");
});

test("after a build, every page that showed the fee shows the new amount, in both languages", async () => {
  // A whole build of the copy: over ten minutes beside other builds on two cores.
  test.setTimeout(1_800_000);
  await copy.rebuild();
  for (const path of listed)
    expect((await html(path)).includes(dollars(fee.old)), `${path} old amount gone`).toBe(false);
  for (const path of showedOld) expect((await html(path)).includes(dollars(fee.new)), `${path} new amount`).toBe(true);
  expect(showedOld.filter((path) => path.startsWith("/es/")).length).toBeGreaterThan(2);
  expect(showedOld.filter((path) => !path.startsWith("/es/")).length).toBeGreaterThan(2);
});
