// The legal-facts ledger (content/facts/*.yaml), read for the pages that show its facts and for
// the content checks.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { factsFileSchema, type Fact, type FactsFile } from "../../core/facts-schema";
import { feesFileName } from "../../core/fees";

export const contentRoot = join(process.cwd(), "content");
export const factsDir = join(contentRoot, "facts");
const repoRoot = join(contentRoot, "..");

function idOf(entry: unknown): string | undefined {
  if (typeof entry === "object" && entry !== null && "id" in entry && typeof entry.id === "string") return entry.id;
  return undefined;
}

function listOf(data: unknown): unknown[] {
  return typeof data === "object" && data !== null && "facts" in data && Array.isArray(data.facts) ? data.facts : [];
}

/** Reads every content/facts/*.yaml file; shape problems are returned, not thrown. */
export function loadFacts(dir = factsDir): { files: FactsFile[]; problems: string[] } {
  const files: FactsFile[] = [];
  const problems: string[] = [];
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".yaml") && name !== feesFileName)
    .sort();
  for (const name of names) {
    const file = join(dir, name);
    const short = relative(repoRoot, file);
    let data: unknown;
    try {
      // The core schema keeps dates as strings: YAML 1.2 (the default) does not turn them into Dates.
      data = parse(readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${short}: not valid YAML: ${(error as Error).message}`);
      continue;
    }
    const parsed = factsFileSchema.safeParse(data ?? { facts: [] });
    if (!parsed.success) {
      const list = listOf(data);
      for (const issue of parsed.error.issues) {
        const [, index, ...field] = issue.path;
        if (typeof index !== "number") {
          problems.push(`${short}: ${issue.path.join(".") || "file"}: ${issue.message}`);
          continue;
        }
        const id = idOf(list[index]);
        problems.push(`${short}: entry ${index}${id ? ` (${id})` : ""} ${field.join(".")}: ${issue.message}`);
      }
      continue;
    }
    files.push({ file: short, facts: parsed.data.facts });
  }
  return { files, problems };
}

let byId: Map<string, Fact> | undefined;

/** Every fact by id, read once: pages render the facts they reference from here. */
export function factsById(): Map<string, Fact> {
  byId ??= new Map(loadFacts().files.flatMap(({ facts }) => facts.map((fact) => [fact.id, fact] as const)));
  return byId;
}
