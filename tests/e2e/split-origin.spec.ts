// The documented split deployment: the static site on one origin, the intake API on another.
// The site is built with VITE_API_ORIGIN pointing at the API (into build-split/, its proxy headers
// too); each origin is the production shape, nginx (deploy/nginx) in front of a Node process: the
// site's serves build-split/client with its headers, the API's hands the posts to a Node process
// that allows the site's origin. All on loopback ports.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { e2e } from "./env";
import { startProxy, type RunningProxy } from "./proxy";

// Beside the main test server's port, so that checkouts testing at once (E2E_PORT) do not collide.
const sitePort = e2e.port + 3;
const apiPort = e2e.port + 4;
// The Node processes behind the two proxies.
const siteAppPort = e2e.port + 12;
const apiAppPort = e2e.port + 13;
const siteOrigin = `http://127.0.0.1:${sitePort}`;
const apiOrigin = `http://127.0.0.1:${apiPort}`;
const dir = mkdtempSync(join(tmpdir(), "lfh-split-"));
const apiDb = join(dir, "api.db");
const children: ChildProcess[] = [];
const proxies: RunningProxy[] = [];

function serve(env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ["build/node/main.mjs"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      MAIL_DIR: join(dir, "mail"),
      RATE_LIMIT_PER_MINUTE: "1000",
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes('"listening"') && resolve());
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const env = { ...process.env, BUILD_DIR: "build-split", VITE_API_ORIGIN: apiOrigin };
  execFileSync("npx", ["vite", "build", "--config", "vite.islands.config.ts", "--logLevel", "error"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  execFileSync("npx", ["react-router", "build"], { env, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("npx", ["tsx", "scripts/postbuild.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  // The site's proxy headers (each page's policy names the API's origin), as `npm run build` writes them.
  execFileSync("npx", ["tsx", "scripts/proxy-config.ts"], {
    env: { ...env, API_ORIGIN: apiOrigin },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await Promise.all([
    serve({
      PORT: String(siteAppPort),
      BUILD_DIR: "build-split",
      API_ORIGIN: apiOrigin,
      SITE_URL: siteOrigin,
      DATABASE_URL: `file:${join(dir, "site.db")}`,
    }),
    serve({
      PORT: String(apiAppPort),
      ALLOWED_ORIGINS: siteOrigin,
      DATABASE_URL: `file:${apiDb}`,
    }),
  ]);
  const clientDir = join(process.cwd(), "build-split", "client");
  proxies.push(await startProxy({ port: sitePort, appPort: siteAppPort, clientDir, buildDir: "build-split" }));
  proxies.push(await startProxy({ port: apiPort, appPort: apiAppPort, clientDir, buildDir: "build-split" }));
});

test.afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  for (const child of children) child.kill("SIGTERM");
});

test.beforeEach(async ({ page }) => {
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
});

test("a consultation request from the site reaches the API on another origin", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${siteOrigin}/our-firm`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain(`connect-src 'self' ${apiOrigin}`);
  expect(csp).toContain(`form-action 'self' ${apiOrigin}`);
  const marker = `SPLIT-${Date.now()}`;
  const form = page.getByTestId("consultation-form");
  await form.getByLabel(/Full name/).fill("Maria Lopez");
  await form.getByLabel(/^Email$/).fill("maria@example.com");
  await form.getByLabel(/^Phone$/).fill("(713) 555-0100");
  await form.getByLabel(/How can we help/).fill(`Work visa question ${marker}`);
  await form.getByRole("checkbox").check();
  const posted = page.waitForResponse((r) => r.url() === `${apiOrigin}/api/leads` && r.request().method() === "POST");
  await form.getByRole("button", { name: "Send request" }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByText("Thanks! We'll reach out shortly.")).toBeVisible({ timeout: 20_000 });
  const db = new Database(apiDb, { readonly: true });
  const stored = db.prepare("select count(*) as n from submissions where message like ?").get(`%${marker}%`);
  db.close();
  expect(stored).toEqual({ n: 1 });
  expect(violations).toEqual([]);
});

test("a page on any other origin cannot post to the API", async ({ request }) => {
  const response = await request.post(`${apiOrigin}/api/leads`, {
    headers: { origin: "http://127.0.0.1:9999", "content-type": "application/x-www-form-urlencoded" },
    data: "name=Ana",
  });
  expect(response.status()).toBe(403);
});
