import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { staticPaths } from "./core/site-paths";
import { searchBundleDir } from "./tests/support/search-bundle";

export default defineConfig({
  // The site search loads Pagefind's script from the site's root; component tests write a real
  // bundle to their own folder (tests/support/search-bundle.ts).
  resolve: { alias: { [staticPaths.searchScript]: join(searchBundleDir, "pagefind.js") } },
  test: {
    include: ["core/**/*.test.ts", "site/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // The route map reads the content pages scanned from content/ (core/content-pages.generated.ts).
    globalSetup: ["scripts/content-routes.setup.ts"],
    env: { LOG_LEVEL: "silent" },
    // Waits end when what they wait for happens; the bound is for a test that hangs. Two minutes,
    // because beside a build on two cores a child process takes tens of seconds to start.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Most files wait on sockets, child processes and databases, not the CPU: four run at once even
    // on two cores (Vitest's default there is one). Threads sharing one module graph per worker,
    // instead of one per file, halve the CPU spent importing the server again for every file. This
    // holds because no test mocks a module and every test restores the globals, environment
    // variables, spies and timers it changes (decision 0021).
    pool: "threads",
    maxWorkers: 4,
    isolate: false,
  },
});
