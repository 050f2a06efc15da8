import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a generated module only when its text changed, so an unchanged scan leaves the file's
 * time alone and the dev server and typecheck do not redo work for it.
 */
export function writeGenerated(out: string, source: string): void {
  let current = "";
  try {
    current = readFileSync(out, "utf8");
  } catch {
    // first run
  }
  if (current === source) return;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, source);
}
