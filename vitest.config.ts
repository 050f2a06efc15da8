import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "site/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // The route map reads the content pages scanned from content/ (core/content-pages.generated.ts).
    globalSetup: ["scripts/content-routes.setup.ts"],
    env: { LOG_LEVEL: "silent" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
