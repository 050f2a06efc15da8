// `npm run check:production` (after `npm run build`): a production install, `npm ci --omit=dev`
// beside a copy of build/, runs the server and its commands. It starts build/node/main.mjs, asks
// /healthz, sends a job application with a resume (the upload worker's thread and its packages),
// then runs `npm run leads -- list`, `npm run staff -- list` and `npm run backup` there, and prints
// the install's size. Run by CI after the build (.ci/run, .github/workflows/ci.yml).
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const root = new URL("..", import.meta.url).pathname;
if (!existsSync(join(root, "build/node/main.mjs"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "lfh-production-"));
const fail = (message) => {
  console.error(`production install: ${message} (left in ${dir})`);
  process.exit(1);
};
for (const file of ["package.json", "package-lock.json", "build", "scripts/server-cli.mjs"])
  cpSync(join(root, file), join(dir, file), { recursive: true });

const started = Date.now();
// Install scripts off: the one runtime package that has one, better-sqlite3, fetches its prebuilt
// binary from GitHub, which CI may not reach; the development install's binary (same version, from
// the same lockfile) is copied in instead. A real production install runs it (deploy/README.md).
execFileSync("npm", ["ci", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], {
  cwd: dir,
  // npm's warnings about the development tree's peers are noise here; its errors are in the exception.
  stdio: "pipe",
});
cpSync(join(root, "node_modules/better-sqlite3/build"), join(dir, "node_modules/better-sqlite3/build"), {
  recursive: true,
});
const installSeconds = Math.round((Date.now() - started) / 1000);
for (const tool of ["tsx", "react", "vite", "esbuild"])
  if (existsSync(join(dir, "node_modules", tool))) fail(`${tool} is installed, but it is only for building`);

// This machine's own settings stay out: the copy has no .env, and the store is its own.
const env = {
  ...process.env,
  NODE_ENV: "development",
  PORT: "0",
  DATABASE_URL: `file:${join(dir, "data/leads.db")}`,
  MAIL_DIR: join(dir, "data/mail"),
  LOG_LEVEL: "info",
};
delete env.ENV_FILE;
delete env.BACKUP_DIR;
const server = spawn(process.execPath, ["build/node/main.mjs"], {
  cwd: dir,
  env,
  stdio: ["ignore", "pipe", "inherit"],
});
const stop = () => server.kill("SIGTERM");
try {
  const port = await new Promise((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening`)));
    createInterface({ input: server.stdout }).on("line", (line) => {
      const port = /"event":"listening".*"port":(\d+)/.exec(line)?.[1];
      if (port) resolve(Number(port));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const health = await fetch(`${origin}/healthz`);
  if (health.status !== 200) fail(`/healthz answered ${health.status}`);
  const form = new FormData();
  const application = {
    fullName: "Luis Vega",
    email: "luis@example.com",
    phone: "2815550100",
    location: "houston",
    coverLetter: "I have five years of experience as a bilingual legal assistant in Houston.",
    consent: "true",
  };
  for (const [name, value] of Object.entries(application)) form.set(name, value);
  const pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
  form.set("resume", new File([pdf], "cv.pdf", { type: "application/pdf" }));
  const posted = await fetch(`${origin}/api/careers`, { method: "POST", body: form, headers: { origin } });
  if (posted.status !== 201) fail(`the application was answered ${posted.status}: ${await posted.text()}`);

  const npm = (...args) => execFileSync("npm", ["run", "--silent", ...args], { cwd: dir, env, encoding: "utf8" });
  const leads = npm("leads", "--", "list");
  if (!leads.includes("Luis Vega")) fail(`\`npm run leads -- list\` does not show the application:\n${leads}`);
  npm("staff", "--", "list");
  const backup = npm("backup", "--", "--dir", join(dir, "backups"));
  if (readdirSync(join(dir, "backups")).length !== 1) fail(`\`npm run backup\` wrote no backup:\n${backup}`);
} catch (error) {
  stop();
  fail(error instanceof Error ? error.message : String(error));
}
stop();

// Every package installed, nested ones too (the root is the first line).
const packages = execFileSync("npm", ["ls", "--all", "--parseable", "--omit=dev"], { cwd: dir, encoding: "utf8" })
  .trim()
  .split("\n")
  .slice(1);
const size = execFileSync("du", ["-sk", join(dir, "node_modules")], { encoding: "utf8" }).split("\t")[0];
console.log(
  `production install: ${packages.length} packages, ${(Number(size) / 1024).toFixed(1)} MB of node_modules, ` +
    `installed in ${installSeconds} s; /healthz, an application with a resume, leads list, staff list and backup work`,
);
rmSync(dir, { recursive: true, force: true });
