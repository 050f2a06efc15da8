import { join, resolve, sep } from "node:path";
import { defineConfig, type Rollup } from "vite";
import { locales } from "./core/locales";
import { dictionaryModule } from "./site/islands/dictionaries";
import { islandModule, islandNames } from "./site/islands/names";

const entry = "site/islands/client.ts";
const hydrator = "site/islands/hydrate.tsx";

/** A module and every module it imports statically, directly or not. */
function staticClosure(id: string, info: Rollup.GetModuleInfo, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const next of info(id)?.importedIds ?? []) staticClosure(next, info, seen);
  return seen;
}

let groups: { first: Set<string>; react: Set<string>; language: Map<string, string> } | undefined;

/**
 * Few files rather than many small ones: each costs a request and its headers (about half a
 * kilobyte each), which on a phone's first load added up to more than the code they split.
 * - Everything the page script imports goes into its own file: one request before the first paint
 *   instead of seven. (An island that shares a module with it imports that file, which every page
 *   has already run; a module runs once per page, so nothing starts twice.)
 * - React, the hydration code and the modules two or more islands share go into one file, fetched
 *   when the browser is idle; each island's own code stays in its own file.
 */
function manualChunks(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (!groups) {
    const first = staticClosure(resolve(entry), getModuleInfo);
    const react = staticClosure(resolve(hydrator), getModuleInfo);
    const users = new Map<string, number>();
    const language = new Map<string, string>();
    for (const name of islandNames)
      for (const module of staticClosure(resolve(islandModule(name)), getModuleInfo))
        users.set(module, (users.get(module) ?? 0) + 1);
    for (const [module, count] of users) if (count > 1) react.add(module);
    // Each language's island dictionary is one file: its module and the language's strings it
    // re-exports. What those import (the firm's details, office hours) goes with React.
    for (const locale of locales) {
      const dictionary = resolve(dictionaryModule(locale));
      for (const module of staticClosure(dictionary, getModuleInfo))
        if (module === dictionary || module.includes(`${sep}core${sep}i18n${sep}`))
          language.set(module, `dictionary-${locale}`);
        else react.add(module);
    }
    for (const module of first) react.delete(module);
    groups = { first, react, language };
  }
  if (groups.first.has(id)) return "client";
  const dictionary = groups.language.get(id);
  if (dictionary) return dictionary;
  if (groups.react.has(id) && !getModuleInfo(id)?.isEntry) return "hydrate";
  return undefined;
}

/**
 * The browser code of the site: one small entry script per page and a chunk per island (the
 * prerendered pages are built by React Router; see site/islands/). Built before the pages, whose
 * prerender reads this build's manifest to link the entry.
 */
export default defineConfig({
  publicDir: false,
  build: {
    // Beside the page build, not in it (React Router empties its folder); see island-assets.server.ts.
    outDir: join(".build", process.env.BUILD_DIR ?? "build", "islands"),
    emptyOutDir: true,
    manifest: true,
    assetsDir: "assets",
    cssCodeSplit: false,
    // Terser with a second compress pass: 1.2 KB less compressed script than esbuild's minifier on
    // what a page loads first (React's file and the page script), for about 10 s of build time.
    minify: "terser",
    terserOptions: { module: true, compress: { passes: 2 } },
    // The page script, and each island as an entry of its own: the manifest then names every
    // island's chunk by its module, so the pages link its files without guessing chunk names.
    rollupOptions: {
      input: [entry, ...islandNames.map(islandModule)],
      preserveEntrySignatures: "allow-extension",
      output: { manualChunks },
    },
  },
});
