import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFirmModule } from "./firm-data";

let dir: string;
const settings = (name: string) => join(dir, "content", "settings", name);
const edit = (name: string, from: string, to: string) =>
  writeFileSync(settings(name), readFileSync(settings(name), "utf8").replace(from, to));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "lfh-firm-"));
  cpSync(join(process.cwd(), "content", "settings"), join(dir, "content", "settings"), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the firm's settings become typed data", () => {
  it("writes an office added in the settings into the generated list its ids and choices are typed from", () => {
    const out = join(dir, "firm.generated.ts");
    const conroe = `  - id: conroe
    choice: conroe
    city: Conroe
    label: { en: Conroe, es: Conroe }
    street: 100 Main Street
    locality: Conroe
    postalCode: "77301"
    isHQ: false
    latitude: 30.31
    longitude: -95.45
`;
    writeFileSync(settings("offices.yaml"), readFileSync(settings("offices.yaml"), "utf8") + conroe);
    expect(writeFirmModule(join(dir, "content"), out)).toEqual([]);
    const source = readFileSync(out, "utf8");
    expect(source).toContain('"id": "conroe"');
    expect(source).toContain("] as const satisfies readonly OfficeData[];");
  });

  it("refuses a setting that breaks its schema, naming the file and the field", () => {
    edit("offices.yaml", 'postalCode: "77002"', 'postalCode: "7700"');
    edit("firm.yaml", "phone: (281) 555-0142", "phone: 281-555-0142");
    expect(writeFirmModule(join(dir, "content"), join(dir, "out.ts"))).toEqual([
      "content/settings/firm.yaml: phone: write it as (281) 555-0142",
      "content/settings/offices.yaml: offices.1.postalCode: five digits",
    ]);
  });

  it("refuses a second principal office", () => {
    edit("offices.yaml", "isHQ: false", "isHQ: true");
    expect(writeFirmModule(join(dir, "content"), join(dir, "out.ts"))).toEqual([
      "content/settings/offices.yaml: offices: exactly one office has isHQ: true",
    ]);
  });
});
