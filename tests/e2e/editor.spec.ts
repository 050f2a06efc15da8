// The editor at /admin as the firm uses it on its own machine: Decap CMS with its local backend
// (decap-server on loopback) saving Markdown, then a build that publishes what was saved. It all
// happens in a temporary copy of the project, so the repository's content, generated route module
// and build are never touched; the copy shares node_modules through a symlink.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { messages } from "../../core/i18n";
import { keyOf, pathOf, type PageKey } from "../../core/routes";
import { e2e } from "./env";

// The editor's bundle is 5 MB and loads entries through the local backend: on a busy machine an
// entry takes longer than the default five seconds to appear.
const expect = baseExpect.configure({ timeout: 30_000 });
const cmsPort = e2e.port + 5;
const sitePort = e2e.port + 6;
const site = `http://127.0.0.1:${sitePort}`;
const root = process.cwd();
let dir = "";
const children: ChildProcess[] = [];
let server: ChildProcess | undefined;

const skipped = new Set(["node_modules", ".git", "test-results", "playwright-report", "data", "build-split"]);
const file = (path: string) => join(dir, path);
const read = (path: string) => readFileSync(file(path), "utf8");

/** The article the editor creates: a slug per language, and a word only this article uses, to search for. */
const article = {
  word: "quokkaferry",
  en: { slug: "ferry-permit-primer", title: "Ferry Permit Primer for Texas Workers" },
  es: { slug: "guia-permiso-ferry", title: "Guía del permiso de ferry para Texas" },
};

function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes(text) && resolve());
    child.on("exit", (code) => reject(new Error(`exited with ${code} before "${text}"`)));
  });
}

/** The built site of the copy, as `npm start` serves it, with /admin allowed to reach the local backend. */
async function serveSite(): Promise<void> {
  server = spawn(process.execPath, ["build/node/main.mjs"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(sitePort),
      HOST: "127.0.0.1",
      CMS_LOCAL_PORT: String(cmsPort),
      DATABASE_URL: `file:${file("data/leads.db")}`,
      MAIL_DIR: file("data/mail"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForLine(server, '"listening"');
}

async function stopSite(): Promise<void> {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGTERM");
  await exited;
}

/** A page added as files alone: front matter and a body, in each language. */
function writePage(path: string, front: Record<string, unknown>, body: string): void {
  const yaml = Object.entries(front)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join("\n");
  writeFileSync(file(path), `---\n${yaml}\n---\n\n${body}\n`);
}

const words = (count: number, sentence: string) => Array.from({ length: count }, () => sentence).join(" ");

/** An attorney and a city the firm adds as content files alone, with no TypeScript change. */
function addAttorneyAndCity(): void {
  const attorney = { en: "Associate Attorney", es: "Abogada asociada" };
  for (const locale of ["en", "es"] as const) {
    const spanish = locale === "es";
    writePage(
      `content/${locale}/our-firm/ana-ortiz.md`,
      {
        kind: "attorney",
        slug: "ana-ortiz",
        order: 4,
        title: spanish ? "Ana Ortiz, abogada de inmigración" : "Ana Ortiz, Immigration Attorney",
        description: spanish
          ? "Ana Ortiz ayuda a familias de Texas con peticiones familiares, ajuste de estatus y ciudadanía, en español y en inglés."
          : "Ana Ortiz helps Texas families with family petitions, adjustment of status and citizenship, in English and Spanish.",
        h1: "Ana Ortiz",
        updated: "2026-11-20",
        name: "Ana Ortiz",
        role: attorney[locale],
        photoAlt: spanish ? "Retrato de Ana Ortiz" : "Portrait of Ana Ortiz",
        education: ["J.D., University of Houston Law Center"],
        barAdmissions: [spanish ? "Colegio de Abogados del Estado de Texas" : "State Bar of Texas"],
        languages: spanish ? ["Español", "Inglés"] : ["English", "Spanish"],
        focus: ["practice-areas/family-based"],
      },
      words(
        30,
        spanish ? "Ana Ortiz acompaña a cada familia en su caso." : "Ana Ortiz guides each family through its case.",
      ),
    );
    writePage(
      `content/${locale}/cities/conroe.md`,
      {
        kind: "city",
        slug: "conroe",
        order: 20,
        title: spanish ? "Abogado de inmigración en Conroe, TX" : "Immigration Lawyer in Conroe, TX",
        description: spanish
          ? "Abogados de inmigración para familias y trabajadores de Conroe y el condado de Montgomery, cerca de nuestra oficina de The Woodlands."
          : "Immigration lawyers for Conroe and Montgomery County families and workers, close to our main office in The Woodlands.",
        h1: spanish ? "Abogado de inmigración en Conroe, Texas" : "Immigration Lawyer in Conroe, Texas",
        updated: "2026-11-20",
        summary: spanish
          ? "Familias y trabajadores de Conroe, atendidos desde The Woodlands."
          : "Conroe families and workers, served from The Woodlands.",
        city: "Conroe",
        office: "shenandoah",
      },
      words(40, spanish ? "Atendemos a las familias de Conroe." : "We serve the families of Conroe."),
    );
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), "lfh-editor-"));
  cpSync(root, dir, {
    recursive: true,
    filter: (source) => !skipped.has(relative(root, source).split("/")[0] ?? ""),
  });
  symlinkSync(join(root, "node_modules"), file("node_modules"));
  addAttorneyAndCity();
  // The copy's editor page must point at this test's local backend: rebuild just the admin page.
  execFileSync("npx", ["tsx", "scripts/build-admin.ts"], {
    cwd: dir,
    env: { ...process.env, CMS_LOCAL_PORT: String(cmsPort) },
    stdio: ["ignore", "ignore", "inherit"],
  });

  // The storage `npm run cms` runs: decap-server behind scripts/cms-local.ts.
  const decap = spawn(process.execPath, ["--import", "tsx", "scripts/cms-local.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      CMS_LOCAL_PORT: String(cmsPort),
      CMS_DECAP_PORT: String(e2e.port + 7),
      GIT_REPO_DIRECTORY: dir,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(decap);
  await Promise.all([waitForLine(decap, "listening"), serveSite()]);
});

test.afterAll(async () => {
  await stopSite();
  for (const child of children) child.kill("SIGTERM");
  if (!process.env.KEEP_EDITOR_COPY) rmSync(dir, { recursive: true, force: true });
});

async function openEditor(page: Page, hash: string): Promise<void> {
  await page.goto(`${site}/admin`);
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto(`${site}/admin#/${hash}`);
}

/** The two columns of an entry: English on the left, Spanish on the right. */
function field(page: Page, label: string, locale: "en" | "es") {
  return page.getByLabel(label, { exact: true }).nth(locale === "en" ? 0 : 1);
}

async function typeBody(page: Page, locale: "en" | "es", text: string): Promise<void> {
  const body = page.locator("[data-slate-editor]").nth(locale === "en" ? 0 : 1);
  await body.click();
  await page.keyboard.type(text);
}

async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Publish now").click();
}

test("an article written in the editor in English and Spanish is saved as the two Markdown files the build reads", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openEditor(page, "collections/articles/new");
  // The English column alone: refused, naming what the Spanish column lacks, and nothing is written.
  await fillArticle(page, "en");
  await publish(page);
  await expect(page.getByText(/The Spanish column is missing: Title, Description, Page heading/)).toBeVisible();
  expect(existsSync(file(`content/en/blog/${article.en.slug}.md`))).toBe(false);
  await fillArticle(page, "es");
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 20_000 });

  for (const locale of ["en", "es"] as const) {
    const saved = read(`content/${locale}/blog/${article.en.slug}.md`);
    expect(saved).toContain(`slug: ${article[locale].slug}`);
    expect(saved).toContain(`title: ${article[locale].title}`);
    expect(saved).toContain("author: daniela-lara");
    expect(saved).toContain("practice-areas/citizenship/naturalization");
    expect(saved).toContain(article.word);
    expect(saved).not.toContain("null");
  }
});

/** One language's column of the new article; the English one also sets what both share. */
async function fillArticle(page: Page, locale: "en" | "es"): Promise<void> {
  const text = article[locale];
  const spanish = locale === "es";
  await field(page, "Title", locale).fill(text.title);
  await field(page, "Description", locale).fill(
    spanish
      ? "Qué es el permiso de ferry, quién lo necesita en Texas y cómo lo tramitamos con usted paso a paso."
      : "What the ferry permit is, who needs one in Texas, and how our attorneys handle the application with you step by step.",
  );
  await field(page, "Page heading", locale).fill(text.title);
  await field(page, "Updated", locale).fill("2026-11-20");
  await field(page, "Summary", locale).fill(
    spanish
      ? "Una guía breve del permiso de ferry para trabajadores."
      : "A short guide to the ferry permit for workers.",
  );
  await field(page, "Web address", locale).fill(text.slug);
  await typeBody(
    page,
    locale,
    spanish
      ? `El permiso ${article.word} es un ejemplo de artículo escrito en el editor.`
      : `The ${article.word} permit is an example article written in the editor.`,
  );
  // Pickers: the author by name among the attorneys, a related page by its address.
  await pick(page, "Related", locale, "citizenship/naturalization", "/practice-areas/citizenship/naturalization");
  if (locale === "es") return;
  await pick(page, "Author", "en", "Daniela", "Daniela Lara");
  await field(page, "Publication date", "en").fill("2026-11-20");
}

/** Chooses an option of a picker by typing part of its name. */
async function pick(page: Page, label: string, locale: "en" | "es", typed: string, option: string): Promise<void> {
  await field(page, label, locale).fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

// Amounts live in the fee table now (decision 0031); a practice page's own words are corrected here.
const correction = {
  en: { old: "the best protection", from: "best", to: "surest", new: "the surest protection" },
  es: { old: "la mejor protección", from: "mejor", to: "principal", new: "la principal protección" },
} as const;

test("a practice page's wording corrected in the editor is saved in both languages", async ({ page }) => {
  test.setTimeout(120_000);
  await openEditor(page, "collections/practice-citizenship/entries/naturalization");
  for (const locale of ["en", "es"] as const) {
    const { old, from, to } = correction[locale];
    const body = page.locator("[data-slate-editor]").nth(locale === "en" ? 0 : 1);
    await expect(body).toContainText(old);
    // Select the old word where it is written, then type the new one over it.
    await body.evaluate(
      (editor, { old, from }) => {
        const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf(old) ?? -1;
          if (at < 0) continue;
          const start = at + old.indexOf(from);
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + from.length);
          const selection = window.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
          return;
        }
      },
      { old, from },
    );
    await page.keyboard.type(to);
    await expect(body).toContainText(correction[locale].new);
  }
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 20_000 });
  for (const locale of ["en", "es"] as const) {
    const saved = read(`content/${locale}/practice-areas/citizenship/naturalization.md`);
    expect(saved).toContain(correction[locale].new);
    expect(saved).not.toContain(correction[locale].old);
  }
});

test("an office's address and a legal fact's verified date are corrected in the editor's settings and ledger", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openEditor(page, "collections/settings/entries/offices");
  // Houston is the second office in the settings.
  const street = page.getByLabel("Street", { exact: true }).nth(1);
  await expect(street).toHaveValue("1001 Texas Avenue, Suite 1200");
  await street.fill("1001 Texas Avenue, Suite 1350");
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 20_000 });
  expect(read("content/settings/offices.yaml")).toContain("street: 1001 Texas Avenue, Suite 1350");

  // A fresh page (the login is remembered) for the ledger entry.
  const ledgerPage = await page.context().newPage();
  await ledgerPage.goto(`${site}/admin#/collections/facts/entries/general`);
  // u-visa-cap is the second fact of the general ledger.
  const verified = ledgerPage.getByLabel("Verified", { exact: true }).nth(1);
  await expect(verified).toHaveValue("2026-11-24");
  await verified.fill("2026-11-25");
  await publish(ledgerPage);
  await expect(ledgerPage.getByText("Entry saved")).toBeVisible({ timeout: 20_000 });
  // Read as the build reads it (site/content/facts.server.ts).
  const ledger: unknown = parse(read("content/facts/general.yaml"));
  expect(ledger).toMatchObject({ facts: [{}, { id: "u-visa-cap", verified: "2026-11-25" }, {}] });
});

test("the firm's phone is changed in Firm settings, with the analytics ID and video key left empty", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openEditor(page, "collections/settings/entries/firm");
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveValue("(281) 555-0142");
  await expect(page.getByLabel(/^Analytics ID/)).toHaveValue("");
  await phone.fill("(281) 555-0177");
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 20_000 });
  const firm: unknown = parse(read("content/settings/firm.yaml"));
  expect(firm).toMatchObject({ phone: "(281) 555-0177", messagingNumber: "12815550142" });
  // The build's settings check accepts what the editor wrote.
  execFileSync("npx", ["tsx", "scripts/firm-data.ts"], { cwd: dir, stdio: "pipe" });

  // Offices have no phone of their own: the office entry says so and links to where it is set.
  await page.goto(`${site}/admin#/collections/settings/entries/offices`);
  const where = page.getByRole("link", { name: /Firm settings → Firm facts → Phone/ }).first();
  await expect(where).toHaveAttribute("href", /#\/collections\/settings\/entries\/firm$/);
});

const job = { from: "content/{locale}/our-firm/join-our-team/bilingual-legal-assistant.md", slug: "paralegal-katy" };

test("a job posting's pay is entered once for both languages, and deleting the posting removes both files", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const locale of ["en", "es"] as const)
    writeFileSync(
      file(`content/${locale}/our-firm/join-our-team/${job.slug}.md`),
      read(job.from.replace("{locale}", locale)).replace(/^slug: .*$/m, `slug: ${job.slug}-${locale}`),
    );
  await openEditor(page, `collections/jobs/entries/${job.slug}`);
  // Choices by name: the office's city, the employment type and the pay period in words.
  await expect(page.getByText("Full time").first()).toBeVisible();
  await expect(page.getByText("per year").first()).toBeVisible();
  await field(page, "From (US dollars)", "en").fill("45000");
  await expect(field(page, "From (US dollars)", "es")).toHaveValue("45000");
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 20_000 });
  const paths = (["en", "es"] as const).map((locale) => `content/${locale}/our-firm/join-our-team/${job.slug}.md`);
  for (const path of paths) expect(parse(read(path).split("---")[1] ?? "")).toMatchObject({ pay: { min: 45000 } });

  page.once("dialog", (dialog) => void dialog.accept());
  await page
    .getByRole("button", { name: /Delete/ })
    .first()
    .click();
  await expect(page.getByText(/No Entries|Job postings/).first()).toBeVisible();
  await expect.poll(() => paths.filter((path) => existsSync(file(path)))).toEqual([]);
});

test("a job posting without a required field is refused, naming the field", async ({ page }) => {
  test.setTimeout(120_000);
  await openEditor(page, "collections/jobs/new");
  await field(page, "Title", "en").fill("Immigration Paralegal");
  await field(page, "Web address", "en").fill("immigration-paralegal-houston");
  await publish(page);
  await expect(page.getByText(/missed a required field/i)).toBeVisible();
  await expect(page.getByText("Department is required.").first()).toBeVisible();
  expect(existsSync(file("content/en/our-firm/join-our-team/immigration-paralegal-houston.md"))).toBe(false);
});

/** The page at `path` of the rebuilt copy, as a visitor's browser gets it. */
async function html(path: string): Promise<string> {
  const response = await fetch(`${site}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

const canonicalHost = "https://www.lfh-immigration.example";
/** A page's language alternates, as `hreflang href` lines. */
const alternates = (page: string) =>
  [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
    ([, lang, href]) => `${lang} ${href}`,
  );
const links = (page: string) => [...page.matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
const sitemapUrls = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url);
const structuredData = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.stringify(JSON.parse(match[1] ?? "null")),
  );

test("after a build, what the editor saved and the files added are published", async ({ page }) => {
  test.setTimeout(600_000);
  await stopSite();
  // Output only when it fails: execFileSync then throws with the build's own messages.
  execFileSync("node", ["scripts/build.mjs"], {
    cwd: dir,
    env: { ...process.env, CMS_LOCAL_PORT: String(cmsPort) },
    stdio: "pipe",
  });
  await serveSite();

  // The article, at its address in each language, paired by hreflang and in the sitemap.
  const paths = { en: `/blog/${article.en.slug}`, es: `/es/blog/${article.es.slug}` };
  const sitemap = sitemapUrls(await html("/sitemap.xml"));
  for (const locale of ["en", "es"] as const) {
    const page = await html(paths[locale]);
    expect(/<title>([^<|]+) \|/.exec(page)?.[1]).toBe(article[locale].title);
    expect(alternates(page)).toEqual([
      `en-us ${canonicalHost}${paths.en}`,
      `es-us ${canonicalHost}${paths.es}`,
      `x-default ${canonicalHost}${paths.en}`,
    ]);
    expect(sitemap).toContain(`${canonicalHost}${paths[locale]}`);
  }
  // In each blog index, and found by the blog's search.
  for (const locale of ["en", "es"] as const) {
    const index = pathOf("blog", locale);
    expect(links(await html(index))).toContain(paths[locale]);
    await page.goto(`${site}${index}?q=${article.word}`);
    const results = page.getByRole("list", { name: messages(locale).ui.searchResultsLabel });
    await expect(results.getByRole("link", { name: article[locale].title })).toHaveAttribute(
      "href",
      new RegExp(`${paths[locale]}/?$`),
    );
  }

  // The corrected wording, in both languages.
  for (const locale of ["en", "es"] as const) {
    const page = await html(pathOf(keyOf("practice-areas/citizenship/naturalization"), locale));
    expect(page.includes(correction[locale].new), "new wording shown").toBe(true);
    expect(page.includes(correction[locale].old), "old wording gone").toBe(false);
  }

  // The office address corrected in the editor's settings, on the page that lists the offices.
  for (const locale of ["en", "es"] as const) {
    const page = await html(pathOf("our-firm/locations", locale));
    expect(page.includes("1001 Texas Avenue, Suite 1350"), "new address shown").toBe(true);
    expect(page.includes("Suite 1200"), "old address gone").toBe(false);
  }

  // The attorney and the city added as files: their pages, the lists generated from the route map
  // that link them, the sitemap and the structured data.
  const added: { name: string; paths: Record<"en" | "es", string>; listedOn: PageKey[] }[] = [
    {
      name: "Ana Ortiz",
      paths: { en: "/our-firm/ana-ortiz", es: "/es/nuestro-bufete/ana-ortiz" },
      listedOn: ["home", "our-firm", "sitemap"],
    },
    {
      name: "Conroe",
      paths: { en: "/immigration-lawyer-conroe-tx", es: "/es/abogado-inmigracion-conroe-tx" },
      // The areas-we-serve page is the firm's own prose, grouped by region: a new city is linked
      // there by editing that text.
      listedOn: ["sitemap"],
    },
  ];
  for (const { name, paths: at, listedOn } of added)
    for (const locale of ["en", "es"] as const) {
      expect(sitemap).toContain(`${canonicalHost}${at[locale]}`);
      const data = structuredData(await html(at[locale]));
      expect(data.some((item) => item.includes(name) && item.includes(`${canonicalHost}${at[locale]}`))).toBe(true);
      for (const key of listedOn) expect(links(await html(pathOf(key, locale))), key).toContain(at[locale]);
    }
  // The new attorney's stand-in portrait, which the profile's structured data names, was built too.
  expect((await fetch(`${site}/images/attorney-ana-ortiz-640.webp`)).status).toBe(200);
});
