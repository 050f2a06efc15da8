// `npm run bench:intake`: accepted leads per second and latency of POST /api/leads under
// concurrent load, against the built server with the default SQLite store (loopback only).
// Then counts the stored leads: every 201 must be a row in the store.
// BENCH_SERVER=path/to/main.mjs measures another server bundle (an older build, to compare).
// BENCH_WEBHOOKS=N adds N signed webhook destinations, each a receiver on loopback answering 204:
// deliveries run after the answer, so the figures should hold.
// After the load the server keeps running until every lead reached every destination (at most
// BENCH_DRAIN_SECONDS, 60 by default; 0 skips it), and the time that took is printed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sampleLead, startBuiltServer } from "./bench-support.mjs";
import autocannon from "autocannon";
import Database from "better-sqlite3";

const port = Number(process.env.BENCH_PORT ?? 4390);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 15);
const dir = mkdtempSync(join(tmpdir(), "lfh-bench-intake-"));
const dbFile = join(dir, "leads.db");

const lead = sampleLead;

const webhooks = Number(process.env.BENCH_WEBHOOKS ?? 0);
const receivers = await Promise.all(
  Array.from({ length: webhooks }, async () => {
    const counted = { requests: 0, ids: new Set() };
    const receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        counted.requests += 1;
        counted.ids.add(req.headers["webhook-id"]);
        res.writeHead(204).end();
      });
    });
    await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    return { receiver, counted, url: `http://127.0.0.1:${receiver.address().port}/hook` };
  }),
);
const destinationEnv = Object.fromEntries(
  receivers.flatMap(({ url }, index) => [
    [`DESTINATION_HOOK${index + 1}_KIND`, "webhook"],
    [`DESTINATION_HOOK${index + 1}_URL`, url],
    [`DESTINATION_HOOK${index + 1}_SECRET`, `whsec_${Buffer.alloc(32, index + 1).toString("base64")}`],
  ]),
);

const server = await startBuiltServer(port, dir, destinationEnv);

const run = (seconds) =>
  autocannon({
    url: `http://127.0.0.1:${port}/api/leads`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
    connections,
    duration: seconds,
  });

/** The server's CPU time so far in ms (Linux): comparable between runs even on a busy machine. */
const cpuMs = () => {
  const file = `/proc/${server.pid}/stat`;
  if (!existsSync(file)) return NaN;
  const fields = readFileSync(file, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const warmUp = await run(3); // JIT, page cache, WAL
const cpuBefore = cpuMs();
const result = await run(duration);
const cpuPerLead = (cpuMs() - cpuBefore) / Math.max(1, result["2xx"]);

/** Outbox rows per destination: delivered, and still waiting (neither sent nor given up on). */
const deliveries = () => {
  const store = new Database(dbFile, { readonly: true });
  try {
    return store
      .prepare(
        "select destination, count(sent_at) as sent, sum(sent_at is null and failed_at is null) as waiting from outbox group by destination order by destination",
      )
      .all();
  } finally {
    store.close();
  }
};
const atLoadEnd = deliveries();
const drainLimitMs = Number(process.env.BENCH_DRAIN_SECONDS ?? 60) * 1000;
const drainStart = Date.now();
let drained = drainLimitMs > 0 ? deliveries() : atLoadEnd;
while (drainLimitMs > 0 && drained.some((d) => d.waiting > 0) && Date.now() - drainStart < drainLimitMs) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  drained = deliveries();
}
const drainMs = Date.now() - drainStart;
server.kill("SIGTERM");
await new Promise((resolve) => server.on("exit", resolve));

const db = new Database(dbFile, { readonly: true });
const stored = db.prepare("select count(*) as n from submissions").get().n;
db.close();
rmSync(dir, { recursive: true, force: true });

const accepted = result["2xx"];
const expected = warmUp["2xx"] + accepted;
console.log(`POST /api/leads, SQLite store, ${connections} connections, ${duration} s (after a 3 s warm-up)`);
console.log(
  `  case: ${webhooks ? `email + ${webhooks} webhook destination(s), receivers on loopback` : "email only"} (email as .eml files, no SMTP)`,
);
console.log(
  `  accepted leads/s: ${(accepted / duration).toFixed(0)} (mean ${result.requests.average.toFixed(0)} req/s)`,
);
console.log(
  `  latency ms: p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
);
console.log(`  non-2xx: ${result.non2xx}, errors: ${result.errors}, timeouts: ${result.timeouts}`);
if (Number.isFinite(cpuPerLead)) console.log(`  server CPU per accepted lead: ${cpuPerLead.toFixed(3)} ms`);
for (const { destination, sent } of atLoadEnd) console.log(`  delivered to ${destination} while the load ran: ${sent}`);
if (drainLimitMs > 0) {
  const waiting = drained.reduce((sum, d) => sum + d.waiting, 0);
  console.log(
    waiting
      ? `  still waiting ${(drainMs / 1000).toFixed(1)} s after the load: ${drained.map((d) => `${d.destination} ${d.waiting}`).join(", ")}`
      : `  every lead delivered to every destination ${(drainMs / 1000).toFixed(1)} s after the load stopped`,
  );
}
for (const [index, { receiver, counted }] of receivers.entries()) {
  console.log(`  webhook ${index + 1}: ${counted.ids.size} leads received (${counted.requests} requests) by shutdown`);
  receiver.close();
}
// autocannon stops counting at the deadline: requests in flight then (at most one per connection
// per run) may be stored without being counted as answered.
const inFlight = stored - expected;
console.log(
  `  leads in the store after shutdown: ${stored}; answered 201: ${expected}; in flight at the deadlines: ${inFlight}`,
);
if (result.non2xx > 0 || result.errors > 0 || inFlight < 0 || inFlight > 2 * connections) {
  console.error("FAILED: a request was refused or a lead answered 201 is missing from the store");
  process.exit(1);
}
