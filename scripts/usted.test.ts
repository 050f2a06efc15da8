import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en, enLanguage } from "../core/i18n/en";
import { es, esLanguage } from "../core/i18n/es";

/** Every string of a dictionary, with its key path (arrays and nested groups included). */
function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  return [];
}

/**
 * Words only the familiar "tú" uses, as whole words (accents matter: "té" is tea, "tú" the
 * pronoun; "te", "tu", "ti" have no usted meaning). Third-person forms that are also the usted
 * form ("envía", "llama", "escribe") are not here: "intenta" is, because on a form it is an instruction.
 */
const tuWords = [
  "te",
  "tú",
  "tu",
  "tus",
  "ti",
  "contigo",
  "intenta",
  "inténtalo",
  "contáctanos",
  "llámanos",
  "escríbenos",
  "envíanos",
  "cuéntanos",
  "dinos",
  "visítanos",
  "síguenos",
  "puedes",
  "tienes",
  "quieres",
  "necesitas",
  "eres",
  "estás",
  "debes",
  "sabes",
  "vives",
  "haz",
];
const tuPattern = new RegExp(`(?<!\\p{L})(${tuWords.join("|")})(?!\\p{L})`, "iu");

/**
 * A masculine article or determiner before a noun that is always feminine (-dad, -tad, -ción, -sión,
 * -tud, -umbre): "un dificultad", "el solicitud".
 */
const genderSlip =
  /(?<!\p{L})(un|el|del|al|este|ese|ningún|algún|otro|nuestro|primer|buen|mal)\s+(\p{L}*(?:dad|tad|ción|sión|tud|umbre))(?!\p{L})/iu;

function spanishFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(md|ya?ml)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("Spanish speaks to the visitor as usted", () => {
  // Every string of both, with each language's words for leading a reader to it ("Ver en español").
  const all = [
    ...strings({ ...en, language: enLanguage }).map(([k, v]) => [`en.${k}`, v]),
    ...strings({ ...es, language: esLanguage }).map(([k, v]) => [`es.${k}`, v]),
  ];

  it("no message in either locale uses a tú form", () => {
    expect(all.length).toBeGreaterThan(400);
    expect(all.filter(([, text]) => tuPattern.test(text!)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("no message pairs a masculine article with a feminine noun", () => {
    expect(all.filter(([, text]) => genderSlip.test(text!)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("no Spanish page pairs a masculine article with a feminine noun", () => {
    const slips = [...spanishFiles("content/es"), "content/glossary-es.yaml"].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => genderSlip.test(line))
        .map((line) => `${file}: ${genderSlip.exec(line)![0]}`),
    );
    expect(slips).toEqual([]);
  });

  it("the checks catch the slips they are for", () => {
    for (const text of ["¡Gracias! Te contactaremos pronto.", "Intenta más tarde.", "Contáctanos hoy", "si tu esposo"])
      expect(tuPattern.test(text), text).toBe(true);
    for (const text of ["Tome un té", "Inténtelo más tarde.", "Contáctenos", "su esposo", "Texas", "tutor", "estatus"])
      expect(tuPattern.test(text), text).toBe(false);
    expect(genderSlip.test("sufriría un dificultad extrema")).toBe(true);
    expect(genderSlip.test("una dificultad extrema; el camión; un abogado")).toBe(false);
  });
});
