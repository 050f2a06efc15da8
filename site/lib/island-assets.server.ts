import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/** The islands' entry script in the source tree; the dev server serves it as is. */
export const islandEntry = "site/islands/client.ts";
/** Where the islands build writes (outside build/, which the page build empties); postbuild copies it into the site. */
export const islandsBuildDir = join(".build", "islands");

const manifestSchema = z.record(z.string(), z.object({ file: z.string(), imports: z.array(z.string()).optional() }));

export interface IslandAssets {
  /** The module script every page loads. */
  entry: string;
  /** What that script imports at once: preloaded beside it, so nothing waits on a second round trip. */
  preload: string[];
}

let cached: IslandAssets | undefined;

/** The built entry and its static imports, from the islands build's manifest. */
export function islandAssets(): IslandAssets {
  if (import.meta.env.DEV) return { entry: `/${islandEntry}`, preload: [] };
  if (cached) return cached;
  const manifestPath = join(process.cwd(), islandsBuildDir, ".vite", "manifest.json");
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, "utf8")));
  const entry = manifest[islandEntry];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${islandEntry}`);
  cached = {
    entry: `/${entry.file}`,
    preload: (entry.imports ?? []).flatMap((key) => {
      const chunk = manifest[key];
      return chunk ? [`/${chunk.file}`] : [];
    }),
  };
  return cached;
}
