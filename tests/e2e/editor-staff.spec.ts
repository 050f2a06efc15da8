// The editor at /admin as staff without a developer use it: in the language they pick, with the
// pages missing a translation and a search of everything one click away, a delete that sits away
// from Publish and names both files, and a server that serves what a new build added.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { editorCopy, openEditor, type EditorCopy } from "./editor-copy";
import { e2e } from "./env";

// The editor's bundle is 5 MB and reads entries through the local backend: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
let copy: EditorCopy;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  copy = await editorCopy({ storage: e2e.port + 7, decap: e2e.port + 9, site: e2e.port + 8 });
});

test.afterAll(async () => {
  await copy.close();
});

/** The bar at the foot of every editor screen. */
const bar = (page: Page) => page.getByRole("navigation", { name: /^(Staff tools|Herramientas)$/ });

test("each user picks English or Spanish for the editor, and our own words follow", async ({ page }) => {
  test.setTimeout(120_000);
  await openEditor(page, copy.site, "collections/jobs/entries/bilingual-legal-assistant");
  // English first: our labels and the description's counter.
  await expect(page.getByText("Page heading", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^\d+ characters \(70 to 160\)$/).first()).toBeVisible();
  await bar(page).getByRole("button", { name: "Español" }).click();

  // Remembered in this browser: Decap's interface, our labels, hints and counter in Spanish.
  await expect(page.getByText("Encabezado de la página", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^\d+ caracteres \(de 70 a 160\)$/).first()).toBeVisible();
  await expect(page.getByText(/Escribiendo en la colección Ofertas de empleo/)).toBeVisible();
  await expect(bar(page).getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");

  // The offices' phone note, in Spanish, still links to where the phone is set.
  await page.goto(`${copy.site}/admin#/collections/settings/entries/offices`);
  await expect(page.getByText(/Todas las oficinas comparten el teléfono del bufete/).first()).toBeVisible();

  // A refused save names the fields in Spanish (the Spanish-column refusal's wording is unit-tested).
  await page.goto(`${copy.site}/admin#/collections/articles/new`);
  await page.getByLabel("Título", { exact: true }).first().fill("Only English so far");
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  await page.getByText("Publicar ahora").click();
  await expect(page.getByText("Dirección web es obligatorio.").first()).toBeVisible();

  // And back to English for the next user of this browser.
  await bar(page).getByRole("button", { name: "English" }).click();
  await expect(bar(page).getByRole("button", { name: "Missing translations" })).toBeVisible();
});

test("a page missing its Spanish translation is listed one click away, linking to its entry", async ({ page }) => {
  test.setTimeout(120_000);
  const english = readFileSync(copy.file("content/en/blog/eb1-green-card-eligibility.md"), "utf8");
  writeFileSync(
    copy.file("content/en/blog/english-only-guide.md"),
    english
      .replace(/^slug: .*$/m, 'slug: "english-only-guide"')
      .replace(/^title: .*$/m, 'title: "A Guide Written in English Only"'),
  );
  await openEditor(page, copy.site, "collections/articles");
  await bar(page).getByRole("button", { name: "Missing translations" }).click();
  const panel = page.getByRole("dialog", { name: "Missing translations" });
  await expect(panel.getByText("The Spanish page is missing (content/es/blog/english-only-guide.md).")).toBeVisible();
  await panel.getByRole("link", { name: "A Guide Written in English Only" }).click();
  await expect(page).toHaveURL(/#\/collections\/articles\/entries\/english-only-guide$/);
  await expect(page.getByLabel("Title", { exact: true }).first()).toHaveValue("A Guide Written in English Only");
});

test("a search of everything finds a fee amount on the pages that show it, and body text, with links into the editor", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openEditor(page, copy.site, "collections/articles");
  await bar(page).getByRole("button", { name: "Search everything" }).click();
  const panel = page.getByRole("dialog", { name: "Search everything" });
  const box = panel.getByLabel(/Words or an amount/);
  await box.fill("675");
  await box.press("Enter");
  // The pages quote it as ::fee{id="i-130/paper"}: found in both languages, and the fee table itself.
  await expect(panel.getByText(/entries with "675"/)).toBeVisible();
  await expect(panel.getByRole("link", { name: "Firm settings: Fee table" })).toBeVisible();
  const family = panel.getByRole("link", { name: "Family Preference Green Cards: F1, F2A, F2B, F3 and F4" });
  await expect(family).toHaveCount(1);
  await expect(panel.getByText("content/es/practice-areas/family-based/family-preference-green-card.md")).toBeVisible();

  // Words of a Spanish body, found without typing the accent, open their entry.
  await box.fill("certificacion laboral PERM como la");
  await box.press("Enter");
  const irving = panel.getByRole("link", { name: /Irving/ });
  await expect(irving).toHaveCount(1);
  await irving.click();
  await expect(page).toHaveURL(/#\/collections\/cities\/entries\/irving$/);
  await expect(panel).toBeHidden();

  // Decap's own "Search all" box, where staff look first, answers with the same search.
  await page.goto(`${copy.site}/admin#/collections/articles`);
  const decapSearch = page.getByPlaceholder("Search all");
  await decapSearch.fill("675");
  await decapSearch.press("Enter");
  await expect(panel.getByText(/entries with "675"/)).toBeVisible();
});

const job = "paralegal-katy";

test("delete sits away from Publish, and one confirmation names both files before they go", async ({ page }) => {
  test.setTimeout(120_000);
  const paths = (["en", "es"] as const).map((locale) => `content/${locale}/our-firm/join-our-team/${job}.md`);
  for (const [index, path] of paths.entries())
    writeFileSync(
      copy.file(path),
      readFileSync(
        copy.file(`content/${index === 0 ? "en" : "es"}/our-firm/join-our-team/bilingual-legal-assistant.md`),
        "utf8",
      ).replace(/^slug: .*$/m, `slug: ${job}-${index === 0 ? "en" : "es"}`),
    );
  await openEditor(page, copy.site, `collections/jobs/entries/${job}`);
  const publish = page.getByRole("button", { name: "Published" });
  await expect(publish).toBeVisible();
  // Decap's own delete is no longer in the toolbar beside Publish.
  await expect(page.getByRole("button", { name: /^Delete (entry|published entry)$/ })).toHaveCount(0);
  const remove = bar(page).getByRole("button", { name: "Delete this page…" });
  await expect(remove).toBeVisible();
  const [top, bottom] = await Promise.all([publish.boundingBox(), remove.boundingBox()]);
  expect((bottom?.y ?? 0) - (top?.y ?? 0), "the delete control is at the other end of the screen").toBeGreaterThan(600);
  await page.screenshot({ path: test.info().outputPath("delete-away-from-publish.png") });

  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await remove.click();
  await expect.poll(() => paths.filter((path) => existsSync(copy.file(path)))).toEqual([]);
  expect(questions).toHaveLength(1);
  for (const path of paths) expect(questions[0]).toContain(path);
});

test("a page a new build adds is served by the running server, without a restart @timing", async () => {
  test.setTimeout(60_000);
  const path = "/blog/built-while-running";
  expect((await fetch(`${copy.site}${path}`)).status).toBe(404);
  // What `npm run build` leaves behind: the new page's files, then, last, the new build's id.
  mkdirSync(copy.file(`build/client${path}`), { recursive: true });
  copyFileSync(
    copy.file("build/client/blog/eb1-green-card-eligibility/index.html"),
    copy.file(`build/client${path}/index.html`),
  );
  writeFileSync(copy.file("build/build-id"), `${new Date().toISOString()} test\n`);
  await expect.poll(async () => (await fetch(`${copy.site}${path}`)).status, { timeout: 15_000 }).toBe(200);
});
