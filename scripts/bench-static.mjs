// `npm run bench:static`: requests per second and latency of prerendered pages under concurrent
// load, against the built server (loopback only). Twice: on a quiet store, then while another
// process holds the SQLite write lock and leads keep arriving, which must not slow the pages.
// BENCH_SERVER=path/to/main.mjs measures another server bundle (an older build, to compare).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sampleLead, startBuiltServer } from "./bench-support.mjs";

const port = Number(process.env.BENCH_PORT ?? 4391);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const dir = mkdtempSync(join(tmpdir(), "lfh-bench-static-"));
const dbFile = join(dir, "leads.db");
const pages = ["/", "/contact", "/es", "/es/contacto", "/practice-areas", "/blog", "/our-firm/faqs"];

const lead = sampleLead;

function waitFor(child, marker) {
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => String(chunk).includes(marker) && resolve());
    child.on("exit", (code) => reject(new Error(`exited with ${code}`)));
  });
}

const server = await startBuiltServer(port, dir);

const pageLoad = (seconds) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br" },
    requests: pages.map((path) => ({ method: "GET", path })),
  });
const leadLoad = (seconds) =>
  autocannon({
    url: `http://127.0.0.1:${port}/api/leads`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
    connections: 2,
    duration: seconds,
  });

function report(label, result) {
  console.log(`${label}`);
  console.log(`  requests/s: ${result.requests.average.toFixed(0)}`);
  console.log(
    `  latency ms: p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
  );
  console.log(`  non-2xx: ${result.non2xx}, errors: ${result.errors}, timeouts: ${result.timeouts}`);
}

await pageLoad(2); // warm-up: JIT and the file cache
console.log(`Prerendered pages (${pages.length} paths, brotli), ${connections} connections, ${duration} s each`);
report("quiet store:", await pageLoad(duration));

// Another process takes SQLite's write lock and keeps it for the whole run.
const holder = spawn(
  process.execPath,
  [
    "-e",
    `const db = new (require("better-sqlite3"))(${JSON.stringify(dbFile)}); db.exec("BEGIN IMMEDIATE"); console.log("locked"); setTimeout(() => { db.exec("ROLLBACK"); process.exit(0); }, ${(duration + 5) * 1000});`,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
await waitFor(holder, "locked");
const [underLock, leads] = await Promise.all([pageLoad(duration), leadLoad(duration)]);
report("while another process holds the SQLite write lock and leads arrive:", underLock);
const statuses = Object.entries(leads.statusCodeStats ?? {})
  .map(([code, { count }]) => `${code}: ${count}`)
  .join(", ");
console.log(`  leads meanwhile: ${statuses || "none answered"} (p99 ${leads.latency.p99} ms)`);
holder.kill();
server.kill("SIGTERM");
await new Promise((resolve) => server.on("exit", resolve));
rmSync(dir, { recursive: true, force: true });
