import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { perLocale, type Locale } from "../../core/locales";
import { dictionaryModule } from "../islands/dictionaries";
import { islandModule, islandNames, type IslandName } from "../islands/names";

/** The islands' entry script in the source tree; the dev server serves it as is. */
export const islandEntry = "site/islands/client.ts";
/** React's hydration of an island, which the entry imports when the first island is due. */
const hydrateModule = "site/islands/hydrate.tsx";
/** Where the islands build writes (outside build/, which the page build empties); postbuild copies it into the site. */
export const islandsBuildDir = join(".build", process.env.BUILD_DIR ?? "build", "islands");

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    src: z.string().optional(),
    imports: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);

export interface IslandAssets {
  /** The module script every page loads. */
  entry: string;
  /** What that script imports at once: preloaded beside it, so nothing waits on a second round trip. */
  preload: string[];
  /** Per island (and for React's hydration code): the files it runs, for the entry to prefetch. */
  files: Partial<Record<IslandName | "hydrate", string[]>>;
  /** Per language: its dictionary's files, which every island of a page in that language needs. */
  dictionaries: Record<Locale, string[]>;
}

/** What a page in `locale` lists for its script to prefetch: its language's dictionary goes with React. */
export function pageIslandFiles(assets: IslandAssets, locale: Locale): IslandAssets["files"] {
  return { ...assets.files, hydrate: [...(assets.files.hydrate ?? []), ...assets.dictionaries[locale]] };
}

let cached: IslandAssets | undefined;

/** The built entry and its static imports, from the islands build's manifest. */
export function islandAssets(): IslandAssets {
  if (import.meta.env.DEV)
    return { entry: `/${islandEntry}`, preload: [], files: {}, dictionaries: perLocale(() => []) };
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
  // The hydration code shares one file with React (vite.islands.config.ts), keyed by that file's name.
  const hydrator = Object.keys(manifest).find((key) => key === hydrateModule || manifest[key]?.name === "hydrate");
  if (!hydrator) throw new Error(`${manifestPath} has no chunk for ${hydrateModule}`);
  const files: IslandAssets["files"] = { hydrate: closure(hydrator) };
  // Each island's module is an entry of the islands build (vite.islands.config.ts), and Vite's
  // manifest names an entry by its source path.
  for (const name of islandNames) {
    const key = islandModule(name);
    if (!manifest[key]?.isEntry) throw new Error(`${manifestPath} has no entry for the island "${name}" (${key})`);
    files[name] = closure(key);
  }
  const dictionaries = perLocale((locale) => {
    const key = dictionaryModule(locale);
    if (!manifest[key]) throw new Error(`${manifestPath} has no chunk for the ${locale} dictionary (${key})`);
    // The dictionary's own file, and what it imports that React's file does not already bring.
    const shared = new Set(files.hydrate);
    return closure(key).filter((file) => !shared.has(file));
  });
  // One `seen` for all of the entry's imports: modules they share are preloaded once.
  const preloaded = new Set<string>([islandEntry]);
  cached = {
    entry: `/${entry.file}`,
    preload: (entry.imports ?? []).flatMap((key) => closure(key, preloaded)),
    files,
    dictionaries,
  };
  return cached;
}
