import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  alternates,
  defaultLocale,
  englishName,
  hreflang,
  localeConfig,
  localeFromAcceptLanguage,
  localeFromPath,
  locales,
  perLocale,
} from "./locales";

describe("the language record", () => {
  it("tells a page's language by its prefix, and offers every other language", () => {
    expect(localeFromPath("/es")).toBe("es");
    expect(localeFromPath("/es/contacto")).toBe("es");
    expect(localeFromPath("/estate-planning")).toBe(defaultLocale);
    expect(locales.map((locale) => [locale, alternates(locale)])).toEqual([
      ["en", ["es"]],
      ["es", ["en"]],
    ]);
    expect(englishName("es")).toBe("Spanish");
    expect(englishName("xx")).toBe("English");
    expect(hreflang("es")).toBe("es-us");
    expect(localeConfig.es.name).toBe("Español");
  });
});

/**
 * Adding a language is adding its entry to the record: the compiler, not a reviewer, then names
 * every place that has to say something in it. On a scratch copy of core/ (where the site and the
 * server take their text, paths and facts from; checking them too would take minutes on a loaded
 * machine), a third language is added and the type checker must name those places.
 */
describe("a browser's languages", () => {
  it("answers in the first of the site's languages the browser names, else the default", () => {
    expect(localeFromAcceptLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR, es;q=0.5")).toBe("es");
    expect(localeFromAcceptLanguage("de-DE,fr;q=0.9")).toBe(defaultLocale);
    expect(localeFromAcceptLanguage(undefined)).toBe(defaultLocale);
  });

  it("builds a record with an entry for every language", () => {
    expect(Object.keys(perLocale((locale) => hreflang(locale)))).toEqual(locales);
  });
});

describe("a third language", () => {
  it("makes the compiler name the dictionaries and every per-language map to fill", async () => {
    const root = process.cwd();
    const scratch = mkdtempSync(join(tmpdir(), "lfh-third-locale-"));
    try {
      cpSync(join(root, "core"), join(scratch, "core"), { recursive: true });
      cpSync(join(root, "tsconfig.json"), join(scratch, "tsconfig.json"));
      symlinkSync(join(root, "node_modules"), join(scratch, "node_modules"), "dir");
      // Only the sources: tests would name their own fixtures.
      const tsconfig = JSON.parse(readFileSync(join(scratch, "tsconfig.json"), "utf8")) as { exclude: string[] };
      tsconfig.exclude.push("**/*.test.ts", "**/*.test.tsx");
      writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify(tsconfig));

      const record = join(scratch, "core/locales.ts");
      const source = readFileSync(record, "utf8");
      const withFrench = source.replace(
        /^(\s*)es: \{.*\},$/m,
        (line, indent: string) => `${line}\n${indent}fr: { intl: "fr-US", name: "Français", prefix: "/fr" },`,
      );
      expect(withFrench, "the record has a line to add French after").not.toBe(source);
      writeFileSync(record, withFrench);

      const tsc = join(root, "node_modules/typescript/bin/tsc");
      const output = await promisify(execFile)(process.execPath, [tsc, "--noEmit", "-p", scratch], {
        cwd: scratch,
        maxBuffer: 16 * 1024 * 1024,
      }).then(
        () => "",
        (error: { stdout?: string }) => error.stdout ?? "",
      );
      const errors = output.split("\n").filter((line) => /error TS\d+/.test(line));
      const files = new Set(errors.map((line) => line.slice(0, line.indexOf("("))));

      // The places a French version has to be written: interface strings, French's name in each
      // language (the language switch and offers say "only in French" in their own words), paths,
      // the ledger's claims, the fees' and menus' titles, office hours, the firm's and attorneys' details.
      for (const file of [
        "core/i18n/index.ts",
        "core/i18n/en.ts",
        "core/i18n/es.ts",
        "core/site-paths.ts",
        "core/content-kinds.ts",
        "core/facts-schema.ts",
        "core/fees.ts",
        "core/navigation.ts",
        "core/office-hours.ts",
        "core/firm.ts",
        "core/attorneys.ts",
      ])
        expect(files, `${file} is named\n${errors.join("\n")}`).toContain(file);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000);
});
