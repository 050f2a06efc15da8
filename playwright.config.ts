import { defineConfig, devices } from "@playwright/test";
import { e2e } from "./tests/e2e/env";

const chromium = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // What a visitor sees next (results, a banner, a focused field) may take seconds on a loaded
  // two-core machine; an assertion ends as soon as it holds, so a longer wait only slows a failure.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: { baseURL: e2e.baseUrl, launchOptions: chromium, trace: "retain-on-failure" },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
      testIgnore: /editor(-[a-z]+)?\.spec\.ts/,
    },
    // The editor's walk-through edits and rebuilds a copy of the project: minutes, on its own.
    {
      name: "editor",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1400, height: 1000 }, launchOptions: chromium },
      testMatch: /editor(-[a-z]+)?\.spec\.ts/,
    },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions: chromium }, grep: /@mobile/ },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `${e2e.baseUrl}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(e2e.port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${e2e.dataDir}/leads.db`,
      SMTP_URL: `smtp://127.0.0.1:${e2e.smtpPort}?requireTLS=false`,
      LEADS_EMAIL_TO: "intake@lfh-immigration.example",
      // Alerts (an urgent lead, a failing destination) go to their own address, to tell them apart.
      ALERT_TO: "alerts@lfh-immigration.example",
      RATE_LIMIT_PER_MINUTE: "1000",
    },
  },
});
