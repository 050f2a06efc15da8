import { join } from "node:path";
import { defineConfig } from "vite";

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
    rollupOptions: { input: "site/islands/client.ts" },
  },
});
