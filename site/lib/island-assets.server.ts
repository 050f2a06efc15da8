import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { isIslandName, islandLoaders, type IslandName } from "../islands/registry";

/** The islands' entry script in the source tree; the dev server serves it as is. */
export const islandEntry = "site/islands/client.ts";
/** Where the islands build writes (outside build/, which the page build empties); postbuild copies it into the site. */
export const islandsBuildDir = join(".build", process.env.BUILD_DIR ?? "build", "islands");

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    src: z.string().optional(),
    imports: z.array(z.string()).optional(),
  }),
);

export interface IslandAssets {
  /** The module script every page loads. */
  entry: string;
  /** What that script imports at once: preloaded beside it, so nothing waits on a second round trip. */
  preload: string[];
  /** Per island (and for React's hydration code): the files it runs, for the entry to prefetch. */
  files: Partial<Record<IslandName | "hydrate", string[]>>;
}

let cached: IslandAssets | undefined;

/** The built entry and its static imports, from the islands build's manifest. */
export function islandAssets(): IslandAssets {
  if (import.meta.env.DEV) return { entry: `/${islandEntry}`, preload: [], files: {} };
  if (cached) return cached;
  const manifestPath = join(process.cwd(), islandsBuildDir, ".vite", "manifest.json");
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, "utf8")));
  const entry = manifest[islandEntry];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${islandEntry}`);
  /** A module's file and every file it imports, directly or not. */
  const closure = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((next) => closure(next, seen))];
  };
  const files: IslandAssets["files"] = { hydrate: closure("site/islands/hydrate.tsx") };
  // An island's module is its own chunk, or Rollup merged it with modules it shares with its lazy
  // parts into a chunk it named after the island.
  const islandChunk = (name: string) =>
    Object.keys(manifest).find((key) => manifest[key]?.src === `site/components/${name}.tsx`) ??
    Object.keys(manifest).find((key) => manifest[key]?.name === name && manifest[key].src === undefined);
  for (const name of Object.keys(islandLoaders)) {
    const key = islandChunk(name);
    if (!isIslandName(name) || !key) throw new Error(`The islands build has no chunk for the island "${name}"`);
    files[name] = closure(key);
  }
  cached = {
    entry: `/${entry.file}`,
    preload: (entry.imports ?? []).flatMap((key) => closure(key)),
    files,
  };
  return cached;
}
