import { join } from "node:path";
import { defineConfig } from "vite";
import { islandModule, islandNames } from "./site/islands/names";

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
    // The page script, and each island as an entry of its own: the manifest then names every
    // island's chunk by its module, so the pages link its files without guessing chunk names.
    rollupOptions: {
      input: ["site/islands/client.ts", ...islandNames.map(islandModule)],
      preserveEntrySignatures: "allow-extension",
    },
  },
});
