import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { everyPage } from "./pages";

const client = join(process.cwd(), "build/client");
const fileOf = (path: string) => join(client, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
const pages = [...everyPage.map((p) => fileOf(p.path)), fileOf("/404"), fileOf("/es/404")];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

/**
 * Every prerendered page is valid HTML for the W3C Nu checker (the `vnu-jar` package, run with the
 * machine's Java), and is whole: no NUL or replacement characters from a split multi-byte
 * character, nothing after `</html>`.
 */
test.describe("prerendered HTML", () => {
  test("every page passes the W3C Nu HTML checker with no errors", async () => {
    test.setTimeout(180_000);
    const jar = join(dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");
    const { stdout, stderr } = await promisify(execFile)(
      "java",
      ["-jar", jar, "--errors-only", "--format", "json", "--exit-zero-always", ...pages],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }));
    const report = JSON.parse(stderr || stdout || "{}") as { version?: string; messages?: VnuMessage[] };
    expect(report.version, "the checker ran").toBeTruthy();
    const errors = (report.messages ?? [])
      .filter((m) => m.type === "error")
      .map((m) => `${relative(client, new URL(m.url).pathname)}:${m.lastLine ?? "?"} ${m.message}`);
    expect(errors).toEqual([]);
  });

  test("no page has a NUL or replacement character, or anything after </html>", () => {
    const broken: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      const where = relative(client, file);
      if (html.includes("\u0000")) broken.push(`${where}: NUL`);
      if (html.includes("\uFFFD")) broken.push(`${where}: U+FFFD`);
      if (!html.trimEnd().endsWith("</html>")) broken.push(`${where}: content after </html>`);
    }
    expect(broken).toEqual([]);
  });

  test("no page asks for the same file twice in its head (each preload is one request's worth of markup)", () => {
    const repeated: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      const hrefs = [
        ...html.matchAll(/<link[^>]*\brel="(?:modulepreload|preload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
      ].map(([, href]) => href);
      const twice = hrefs.filter((href, i) => hrefs.indexOf(href) !== i);
      if (twice.length) repeated.push(`${relative(client, file)}: ${[...new Set(twice)].join(", ")}`);
    }
    expect(repeated).toEqual([]);
  });
});
