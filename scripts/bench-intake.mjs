// `npm run bench:intake`: accepted leads per second and latency of POST /api/leads under
// concurrent load, against the built server with the default SQLite store (loopback only), first
// against Node alone and then through the shipped nginx configuration in front of it
// (deploy/nginx, started as the browser tests start it, Node with TRUST_PROXY=1), in one run.
// Then counts the stored leads: every 201 must be a row in the store.
//
// The load comes from many client addresses (all of 127.0.0.0/8 is loopback on Linux): nginx
// limits posts per address (30 a minute, burst 10), so one load generator on one address would
// measure that limit and nothing else. Each connection sends `BENCH_PER_ADDRESS` leads (8) over
// keep-alive from one address, then the next connection takes a fresh address; no address is
// used twice in a run. Node keeps its production limit per address (RATE_LIMIT_PER_MINUTE=10) in
// both shapes: behind nginx it is only met if Node is given nginx's address instead of the
// client's, so "refused by Node" staying 0 checks the forwarded address as well.
//
// BENCH_SERVER=path/to/main.mjs measures another server bundle (an older build, to compare).
// BENCH_WEBHOOKS=N adds N signed webhook destinations, each a receiver on loopback answering 204:
// deliveries run after the answer, so the figures should hold.
// After the load the server keeps running until every lead reached every destination (at most
// BENCH_DRAIN_SECONDS, 60 by default; 0 skips it), and the time that took is printed.
// `-- --shape alone` or `-- --shape proxy` runs one of the two shapes only.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { startProxy } from "../tests/e2e/proxy.ts";
import { sampleLead, startBuiltServer } from "./bench-support.mjs";

const { values } = parseArgs({ options: { shape: { type: "string", default: "both" } } });
const port = Number(process.env.BENCH_PORT ?? 4390);
const appPort = port + 1;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 15);
const perAddress = Number(process.env.BENCH_PER_ADDRESS ?? 8);
const webhooks = Number(process.env.BENCH_WEBHOOKS ?? 0);
const drainLimitMs = Number(process.env.BENCH_DRAIN_SECONDS ?? 60) * 1000;
const body = Buffer.from(JSON.stringify(sampleLead));

/** The n-th client address of a shape: 127.<shape>.x.y, y in 1..250 (never .0 or .255). */
const clientAddress = (shapeIndex, n) => `127.${shapeIndex + 1}.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;

/** One lead over `agent`; resolves with what came back and how long it took. */
function post(agent) {
  const started = performance.now();
  return new Promise((done) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/leads",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": body.length },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          done({
            status: res.statusCode,
            // Node answers in JSON; nginx's own refusals are its HTML pages.
            fromNode: String(res.headers["content-type"]).startsWith("application/json"),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error) => done({ status: error.message === "timeout" ? "timeout" : "error", ms: 0 }));
    req.end(body);
  });
}

/**
 * `connections` loops posting leads for `seconds`; each loop moves to a fresh client address
 * every `perAddress` leads. `next` hands out address numbers so no two loops share one.
 */
async function load(seconds, shapeIndex, next) {
  const results = [];
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: clientAddress(shapeIndex, next()) });
      for (let i = 0; i < perAddress && performance.now() < deadline; i++) results.push(await post(agent));
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return results;
}

function summary(results, seconds) {
  const ok = results.filter((r) => r.status === 201);
  const times = ok.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q) => (times.length ? times[Math.min(times.length - 1, Math.floor(times.length * q))].toFixed(1) : "-");
  const refused = results.filter((r) => r.status !== 201);
  const byStatus = Object.entries(
    refused.reduce((all, r) => {
      const key = `${r.status}${r.fromNode ? " (Node)" : ""}`;
      return { ...all, [key]: (all[key] ?? 0) + 1 };
    }, {}),
  );
  return {
    accepted: ok.length,
    perSecond: ok.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    refused: refused.length,
    refusedByNode: refused.filter((r) => r.fromNode).length,
    refusals: byStatus.map(([status, count]) => `${status}×${count}`).join(" ") || "none",
  };
}

async function receiversFor() {
  return Promise.all(
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
      await new Promise((done) => receiver.listen(0, "127.0.0.1", done));
      return { receiver, counted, url: `http://127.0.0.1:${receiver.address().port}/hook` };
    }),
  );
}

/** One shape measured from start to shutdown, on a store of its own. */
async function measure(shapeIndex, proxied) {
  const dir = mkdtempSync(join(tmpdir(), "lfh-bench-intake-"));
  const dbFile = join(dir, "leads.db");
  const receivers = await receiversFor();
  const env = {
    RATE_LIMIT_PER_MINUTE: "10",
    ...(proxied ? { TRUST_PROXY: "1" } : {}),
    ...Object.fromEntries(
      receivers.flatMap(({ url }, index) => [
        [`DESTINATION_HOOK${index + 1}_KIND`, "webhook"],
        [`DESTINATION_HOOK${index + 1}_URL`, url],
        [`DESTINATION_HOOK${index + 1}_SECRET`, `whsec_${Buffer.alloc(32, index + 1).toString("base64")}`],
      ]),
    ),
  };
  const server = await startBuiltServer(proxied ? appPort : port, dir, env);
  const proxy = proxied ? await startProxy({ port, appPort, clientDir: resolve("build/client") }) : undefined;
  let addresses = 0;
  const next = () => addresses++;

  /** The server's CPU time so far in ms (Linux): comparable between runs even on a busy machine. */
  const cpuMs = () => {
    const file = `/proc/${server.pid}/stat`;
    if (!existsSync(file)) return NaN;
    const fields = readFileSync(file, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const warmUp = await load(3, shapeIndex, next); // JIT, page cache, WAL
  const cpuBefore = cpuMs();
  const results = await load(duration, shapeIndex, next);
  const figures = summary(results, duration);
  const cpuPerLead = (cpuMs() - cpuBefore) / Math.max(1, figures.accepted);

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
  const drainStart = Date.now();
  let drained = drainLimitMs > 0 ? deliveries() : atLoadEnd;
  while (drainLimitMs > 0 && drained.some((d) => d.waiting > 0) && Date.now() - drainStart < drainLimitMs) {
    await new Promise((done) => setTimeout(done, 250));
    drained = deliveries();
  }
  const drainMs = Date.now() - drainStart;
  await proxy?.close();
  server.kill("SIGTERM");
  await new Promise((done) => server.on("exit", done));
  const db = new Database(dbFile, { readonly: true });
  const stored = db.prepare("select count(*) as n from submissions").get().n;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  for (const { receiver } of receivers) receiver.close();
  const answered = warmUp.filter((r) => r.status === 201).length + figures.accepted;
  return { ...figures, cpuPerLead, atLoadEnd, drained, drainMs, receivers, stored, answered, addresses };
}

const shapes = [
  ...(values.shape === "proxy" ? [] : [["Node alone", false]]),
  ...(values.shape === "alone" ? [] : [["through nginx", true]]),
];
const measured = [];
for (const [index, [name, proxied]] of shapes.entries()) measured.push([name, await measure(index, proxied)]);

console.log(
  `POST /api/leads, SQLite store, ${connections} connections, ${duration} s (after a 3 s warm-up), ${perAddress} leads per client address, load average ${loadavg()[0].toFixed(1)}`,
);
console.log(
  `  case: ${webhooks ? `email + ${webhooks} webhook destination(s), receivers on loopback` : "email only"} (email as .eml files, no SMTP)`,
);
const rows = [
  ["", ...measured.map(([name]) => name)],
  ["accepted leads/s", ...measured.map(([, m]) => m.perSecond.toFixed(0))],
  ["latency p50 ms", ...measured.map(([, m]) => m.p50)],
  ["latency p95 ms", ...measured.map(([, m]) => m.p95)],
  ["latency p99 ms", ...measured.map(([, m]) => m.p99)],
  ["refused", ...measured.map(([, m]) => m.refusals)],
  ["of which by Node", ...measured.map(([, m]) => String(m.refusedByNode))],
  ["client addresses used", ...measured.map(([, m]) => String(m.addresses))],
  ["Node CPU per lead ms", ...measured.map(([, m]) => (Number.isFinite(m.cpuPerLead) ? m.cpuPerLead.toFixed(3) : "-"))],
  ["stored / answered 201", ...measured.map(([, m]) => `${m.stored} / ${m.answered}`)],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column])).join("  ")}`);

let failed = false;
for (const [name, m] of measured) {
  for (const { destination, sent } of m.atLoadEnd)
    console.log(`  ${name}: delivered to ${destination} while the load ran: ${sent}`);
  if (drainLimitMs > 0) {
    const waiting = m.drained.reduce((sum, d) => sum + d.waiting, 0);
    console.log(
      waiting
        ? `  ${name}: still waiting ${(m.drainMs / 1000).toFixed(1)} s after the load: ${m.drained.map((d) => `${d.destination} ${d.waiting}`).join(", ")}`
        : `  ${name}: every lead delivered to every destination ${(m.drainMs / 1000).toFixed(1)} s after the load stopped`,
    );
  }
  for (const [index, { counted }] of m.receivers.entries())
    console.log(
      `  ${name}: webhook ${index + 1}: ${counted.ids.size} leads received (${counted.requests} requests) by shutdown`,
    );
  // The loops stop at the deadline: each waits for its last answer, so every 201 is counted and
  // every stored lead was answered.
  if (m.refused > 0 || m.stored !== m.answered) {
    console.error(
      `FAILED (${name}): a request was refused, or the store holds ${m.stored} leads for ${m.answered} answered 201`,
    );
    failed = true;
  }
}
if (failed) process.exit(1);
