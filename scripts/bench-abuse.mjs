// `npm run bench:abuse`: replays each attack class of the penetration test against the built
// server (loopback only), first against Node alone and then through the shipped nginx
// configuration in front of it (deploy/nginx, started as the browser tests start it), and prints,
// per class and per shape, the outcome, the longest event-loop stall inside
// the server (perf_hooks.monitorEventLoopDelay, preloaded by scripts/bench-loop-probe.mjs) and
// the p99 of page requests sent alongside (from a worker thread and another loopback address, so
// neither the attack's own work nor its per-client limits delay them). It prints figures; it is
// not a test. `-- --before path/to/main.mjs` runs the same classes against another server bundle
// first (an older build), with this build's pages, so both sets of figures come from one minute.
// `-- --shape alone` or `-- --shape proxy` runs one of the two shapes only.
// `-- --only <text>` runs only the classes whose name holds the text; `-- --repeat <n>` runs each
// of them n times over (the upload burst varies from run to run with how fast the attacking
// connections arrive); `-- --cpu-prof <dir>` writes a CPU profile of each server run there (open it
// in Chrome DevTools) to see what held the loop. "Loop busy" is the time the server's event loop
// spent working (not waiting) during the class, pages alongside included: what every visitor
// queues behind.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { deflateSync } from "node:zlib";
import { overlappingEntriesZip } from "../tests/support/files.ts";
import { startProxy } from "../tests/e2e/proxy.ts";
import { sampleLead, startBuiltServer } from "./bench-support.mjs";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    only: { type: "string" },
    repeat: { type: "string", default: "1" },
    "cpu-prof": { type: "string" },
    shape: { type: "string", default: "both" },
  },
});
/** Where the attacks and pages go: Node alone, or nginx with Node on the next port. */
const port = Number(process.env.BENCH_PORT ?? 4393);
const appPort = port + 1;
const pages = ["/", "/contact", "/es", "/practice-areas"];
/** Attack traffic comes from 127.0.1.x (one address per request slot); pages from 127.0.0.1. */
const attacker = (i = 0) => `127.0.1.${(i % 250) + 1}`;

const application = {
  fullName: "Luis Vega",
  email: "luis@example.com",
  phone: "2815550100",
  location: "houston",
  coverLetter: "I have five years of experience as a bilingual legal assistant in Houston.",
  consent: "true",
};
const pdf = (size) => {
  const head = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};
function multipart(fields, file, boundary = "BenchBoundary") {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(parts.join(""));
  if (!file) return Buffer.concat([head, Buffer.from(`--${boundary}--\r\n`)]);
  return Buffer.concat([
    head,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
const multipartType = "multipart/form-data; boundary=BenchBoundary";

/** One request; resolves with its status, or "reset" / "timeout". */
function send(path, { method = "GET", type, body, from = attacker() } = {}) {
  return new Promise((done) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        localAddress: from,
        agent: false,
        headers: { ...(type ? { "content-type": type } : {}), ...(body ? { "content-length": body.length } : {}) },
        timeout: 60_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => done(String(res.statusCode)));
        res.on("error", () => done(String(res.statusCode)));
      },
    );
    req.on("timeout", () => {
      req.destroy();
      done("timeout");
    });
    req.on("error", () => done("reset"));
    req.end(body);
  });
}
const json = (value) => ({ method: "POST", type: "application/json", body: Buffer.from(JSON.stringify(value)) });
const tally = (statuses) =>
  Object.entries(statuses.reduce((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}))
    .map(([status, count]) => (count > 1 ? `${status}×${count}` : status))
    .join(" ");

/** Page requests, four at a time, from a worker thread, until told to stop (and for at least 2 s). */
const pageWorker = `
const { parentPort, workerData } = require("node:worker_threads");
const latencies = [];
let running = true;
const started = Date.now();
parentPort.on("message", () => (running = false));
async function probe(offset) {
  for (let i = offset; running || Date.now() - started < 2000; i++) {
    const t = performance.now();
    try {
      const r = await fetch("http://127.0.0.1:" + workerData.port + workerData.pages[i % workerData.pages.length], { signal: AbortSignal.timeout(60000) });
      await r.arrayBuffer();
    } catch {}
    latencies.push(performance.now() - t);
    await new Promise((d) => setTimeout(d, 20));
  }
}
Promise.all([0, 1, 2, 3].map(probe)).then(() => parentPort.postMessage(latencies));
`;

async function alongside(attack) {
  const worker = new Worker(pageWorker, { eval: true, workerData: { port, pages } });
  const latencies = new Promise((done) => worker.once("message", done));
  const started = performance.now();
  const outcome = await attack();
  const ms = performance.now() - started;
  worker.postMessage("stop");
  const sorted = (await latencies).sort((a, b) => a - b);
  await worker.terminate();
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  return { outcome, ms, p99, pages: sorted.length };
}

function slowBodies(count, seconds) {
  return new Promise((done) => {
    const closedAt = [];
    const started = Date.now();
    const sockets = Array.from({ length: count }, () => {
      const socket = connect({ port, host: "127.0.0.1", localAddress: attacker() });
      socket.on("error", () => undefined);
      socket.on("close", () => closedAt.push((Date.now() - started) / 1000));
      socket.write(
        `POST /api/careers HTTP/1.1\r\nHost: x\r\nContent-Type: ${multipartType}\r\nContent-Length: 6000000\r\n\r\n`,
      );
      return socket;
    });
    const drip = setInterval(() => sockets.forEach((s) => s.writable && s.write("x")), 1000);
    setTimeout(async () => {
      clearInterval(drip);
      const fresh = await send("/", { from: "127.0.0.1" });
      sockets.forEach((s) => s.destroy());
      const cut = closedAt.length;
      done(
        `${cut}/${count} cut within ${seconds} s${cut ? ` (last at ${Math.max(...closedAt).toFixed(1)} s)` : ""}; a new page request meanwhile: ${fresh}`,
      );
    }, seconds * 1000);
  });
}

/** A PDF of one compressed object stream flag followed by `streams` streams of `inside` deflated. */
const objectStreamsPdf = (streams, inside) =>
  Buffer.concat([
    Buffer.from("%PDF-1.5\n1 0 obj<</Type/ObjStm/Filter/FlateDecode>>"),
    ...Array(streams).fill(Buffer.concat([Buffer.from("stream\n"), deflateSync(inside), Buffer.from("endstream")])),
    Buffer.from("\ntrailer<<>>\n%%EOF\n"),
  ]);
const upload = (bytes) => ({
  method: "POST",
  type: multipartType,
  body: multipart(application, { name: "cv.pdf", bytes }),
});
/** The attack's uploads, and an ordinary application 300 ms into it from another address. */
async function beside(attacks) {
  const sent = attacks.map((init, i) => send("/api/careers", { ...init, from: attacker(i) }));
  await new Promise((done) => setTimeout(done, 300));
  const started = performance.now();
  const ordinary = await send("/api/careers", { ...upload(pdf(100_000)), from: attacker(200) });
  const took = Math.round(performance.now() - started);
  return `${tally(await Promise.all(sent))}; an application beside them: ${ordinary} in ${took} ms`;
}
/**
 * Four uploads from four addresses that send `bytesPerSecond` each, each opened again whenever it
 * is closed (turned away while the loop is loaded, or cut off), and an application every 5 s.
 */
async function besideSlowUploads(seconds, bytesPerSecond) {
  let running = true;
  const open = new Set();
  const hold = (i) => {
    if (!running) return;
    const socket = connect({ port, host: "127.0.0.1", localAddress: attacker(i) });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      open.delete(socket);
      setTimeout(() => hold(i), 200);
    });
    socket.write(
      `POST /api/careers HTTP/1.1\r\nHost: x\r\nContent-Type: ${multipartType}\r\nContent-Length: 6000000\r\n\r\n--BenchBoundary\r\n`,
    );
    open.add(socket);
  };
  [1, 2, 3, 4].forEach(hold);
  const drip = setInterval(
    () => open.forEach((s) => s.writable && s.write(Buffer.alloc(bytesPerSecond / 4, 0x61))),
    250,
  );
  const statuses = [];
  for (let waited = 5; waited <= seconds; waited += 5) {
    await new Promise((done) => setTimeout(done, 5000));
    statuses.push(await send("/api/careers", { ...upload(pdf(100_000)), from: attacker(100 + waited) }));
  }
  running = false;
  clearInterval(drip);
  open.forEach((s) => s.destroy());
  return `applications meanwhile: ${statuses.join(" ")}`;
}

/**
 * `addresses` × `each` connections that send the start of a request's headers and a byte more
 * every 5 s (so no header timeout ends them), then, once all are open, a visitor from another
 * address asks for a page and sends a lead, and another application every 5 s.
 */
async function heldConnections(addresses, each, seconds) {
  const sockets = [];
  let closed = 0;
  for (let a = 0; a < addresses; a++)
    for (let i = 0; i < each; i++) {
      const socket = connect({ port, host: "127.0.0.1", localAddress: attacker(a) });
      socket.on("error", () => undefined);
      socket.on("close", () => closed++);
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
      sockets.push(socket);
    }
  const drip = setInterval(() => sockets.forEach((s) => s.writable && s.write("X-a: b\r\n")), 5000);
  await new Promise((done) => setTimeout(done, 2000));
  const visitor = [];
  for (let waited = 0; waited < seconds; waited += 5) {
    visitor.push(await send("/", { from: "127.0.0.1" }));
    visitor.push(await send("/api/leads", { ...json(sampleLead), from: "127.0.0.1" }));
    await new Promise((done) => setTimeout(done, 5000));
  }
  clearInterval(drip);
  const open = sockets.length - closed;
  sockets.forEach((s) => s.destroy());
  return `${open}/${sockets.length} held open; the visitor's page and lead, every 5 s: ${visitor.join(" ")}`;
}

/** `perSecond` posts a second from `perSecond` addresses, and an application each second beside them. */
async function besideInvalidPosts(init, perSecond, seconds) {
  const sent = [];
  const applications = [];
  for (let second = 0; second < seconds; second++) {
    for (let i = 0; i < perSecond; i++) {
      sent.push(send("/api/leads", { ...init, from: attacker(i) }));
      await new Promise((done) => setTimeout(done, 1000 / perSecond));
    }
    applications.push(send("/api/careers", { ...upload(pdf(100_000)), from: attacker(100 + second) }));
  }
  return `posts: ${tally(await Promise.all(sent))}; applications beside them: ${tally(await Promise.all(applications))}`;
}

/** [name, prepare (untimed), attack]. */
const classes = [
  ["quiet (pages only)", () => null, async () => "-"],
  [
    "phone ReDoS, /api/careers JSON, 120 KB",
    () => json({ ...application, phone: `1${" ".repeat(120_000)}a` }),
    (init) => send("/api/careers", init),
  ],
  [
    "phone ReDoS, /api/leads, 64 KB, ×2",
    () => json({ ...sampleLead, phone: `1${" ".repeat(64_000)}a` }),
    async (init) => tally(await Promise.all([0, 1].map((i) => send("/api/leads", { ...init, from: attacker(i) })))),
  ],
  [
    "/en/en/… path, 15.9 KB, ×4",
    () => `/en${"/en".repeat(5300)}`,
    async (path) => tally(await Promise.all([0, 1, 2, 3].map((i) => send(path, { from: attacker(i) })))),
  ],
  [
    "resume file-name ReDoS, 80 KB name",
    () => ({
      method: "POST",
      type: multipartType,
      body: multipart(application, { name: `a${" ".repeat(80_000)}b.pdf`, bytes: pdf(49) }),
    }),
    (init) => send("/api/careers", init),
  ],
  [
    "big JSON, 600,000 keys (5.3 MB)",
    () => {
      const body = { ...application };
      for (let i = 0; i < 600_000; i++) body[i.toString(36)] = 1;
      return json(body);
    },
    (init) => send("/api/careers", init),
  ],
  [
    "100,000 multipart parts (5.2 MB), xboundary trick",
    () => ({
      method: "POST",
      type: "multipart/form-data; xboundary=A; boundary=B",
      body: Buffer.from(
        `${Array.from({ length: 100_000 }, (_, i) => `--B\r\nContent-Disposition: form-data; name="${i.toString(36)}"\r\n\r\nv\r\n`).join("")}--B--\r\n`,
      ),
    }),
    (init) => send("/api/careers", init),
  ],
  [
    "100,000 multipart parts (5.2 MB), one valid boundary",
    () => ({
      method: "POST",
      type: multipartType,
      body: Buffer.from(
        `${Array.from({ length: 100_000 }, (_, i) => `--BenchBoundary\r\nContent-Disposition: form-data; name="${i.toString(36)}"\r\n\r\nv\r\n`).join("")}--BenchBoundary--\r\n`,
      ),
    }),
    (init) => send("/api/careers", init),
  ],
  ["16 slow bodies (1 byte/s of 6 MB), 12 s", () => null, () => slowBodies(16, 12)],
  [
    "20 applications with a 1 MB resume, one after another",
    () => ({
      method: "POST",
      type: multipartType,
      body: multipart(application, { name: "cv.pdf", bytes: pdf(1024 * 1024) }),
    }),
    async (init) => {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push(await send("/api/careers", { ...init, from: attacker(i) }));
      // The firm's copies are built and written after the answers: their cost counts here too.
      await new Promise((done) => setTimeout(done, 1500));
      return tally(statuses);
    },
  ],
  [
    "200 parallel leads (200 addresses)",
    () => json(sampleLead),
    async (init) =>
      tally(
        await Promise.all(Array.from({ length: 200 }, (_, i) => send("/api/leads", { ...init, from: attacker(i) }))),
      ),
  ],
  [
    "200 parallel 1 MB applications (200 addresses)",
    () => ({
      method: "POST",
      type: multipartType,
      body: multipart(application, { name: "cv.pdf", bytes: pdf(1024 * 1024) }),
    }),
    async (init) =>
      tally(
        await Promise.all(Array.from({ length: 200 }, (_, i) => send("/api/careers", { ...init, from: attacker(i) }))),
      ),
  ],
  [
    "DOCX of 2,000 entries sharing one 5 MB deflate run",
    () => upload(overlappingEntriesZip(2000, 5_100_000)),
    (init) => beside([init]),
  ],
  [
    "PDF of 216,000 empty object streams (5.2 MB)",
    () => upload(objectStreamsPdf(216_000, Buffer.alloc(0))),
    (init) => beside([init]),
  ],
  [
    "4 PDFs of 47 KB, 48 MB of names inflated (4 addresses)",
    () => upload(objectStreamsPdf(1, Buffer.from("/a".repeat(24_000_000)))),
    (init) => beside([init, init, init, init]),
  ],
  ["4 uploads at 1.2 KB/s (4 addresses), 30 s", () => null, () => besideSlowUploads(30, 1200)],
  ["4 uploads at 40 KB/s (4 addresses), 30 s", () => null, () => besideSlowUploads(30, 40_000)],
  ["32 addresses × 32 connections held open, 20 s", () => null, () => heldConnections(32, 32, 20)],
  [
    "25 invalid posts a second (25 addresses), 20 s",
    () => json({ ...sampleLead, email: "not an address", message: "x".repeat(60_000) }),
    (init) => besideInvalidPosts(init, 25, 20),
  ],
];

// A captcha verifier that says no to everything.
const verifier = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.end(JSON.stringify({ success: false })));
});
await new Promise((done) => verifier.listen(0, "127.0.0.1", done));
const verifyUrl = `http://127.0.0.1:${verifier.address().port}/siteverify`;

/**
 * The server alone on `port`, or (`proxied`) on the next port behind nginx on `port`: the shipped
 * configuration, as the browser tests start it. Resolves with the server and a stop for the proxy.
 */
async function start(bundle, dir, proxied, env = {}) {
  const child = await startServer(bundle, dir, proxied ? { ...env, TRUST_PROXY: "1" } : env, proxied ? appPort : port);
  if (!proxied) return { child, stopProxy: async () => undefined };
  const proxy = await startProxy({ port, appPort, clientDir: resolve("build/client") });
  return { child, stopProxy: () => proxy.close() };
}
const startServer = (bundle, dir, env, serverPort) =>
  startBuiltServer(serverPort, dir, env, {
    bundle,
    nodeArgs: [
      "--import",
      resolve("scripts/bench-loop-probe.mjs"),
      ...(values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${resolve(values["cpu-prof"])}`] : []),
    ],
    ipc: true,
  });
async function stop({ child, stopProxy }, dir) {
  await stopProxy();
  child.kill("SIGTERM");
  await new Promise((done) => child.on("exit", done));
  rmSync(dir, { recursive: true, force: true });
}
const loopDelay = (child) =>
  new Promise((done) => {
    child.once("message", done);
    child.send("loop-delay");
  });

async function measure(child, name, prepare, attack) {
  const input = prepare();
  await loopDelay(child);
  const result = await alongside(() => attack(input));
  const { maxMs, rssMb, cpuMs, loopBusyMs } = await loopDelay(child);
  return { name, ...result, maxMs, rssMb, cpuMs, loopBusyMs };
}

/** `--only <text>`: the classes whose name holds the text (and the quiet baseline). */
const wanted = (name) => !values.only || name.toLowerCase().includes(values.only.toLowerCase());

function report(label, rows) {
  console.log(`\n${label}`);
  console.log("class | outcome | took | longest loop stall | loop busy | server CPU | page p99 (pages) | server RSS");
  for (const r of rows)
    console.log(
      `${r.name} | ${r.outcome} | ${(r.ms / 1000).toFixed(1)} s | ${r.maxMs.toFixed(0)} ms | ${r.loopBusyMs.toFixed(0)} ms | ${r.cpuMs.toFixed(0)} ms | ${r.p99.toFixed(0)} ms (${r.pages}) | ${r.rssMb.toFixed(0)} MB`,
    );
}

async function run(label, bundle, proxied) {
  const rows = [];
  let dir = mkdtempSync(join(tmpdir(), "lfh-bench-abuse-"));
  let running = await start(bundle, dir, proxied);
  let child = running.child;
  await alongside(async () => "warm-up");
  for (const [name, prepare, attack] of classes)
    if (name === classes[0][0]) rows.push(await measure(child, name, prepare, attack));
    else if (wanted(name))
      for (let i = 0; i < Number(values.repeat); i++) rows.push(await measure(child, name, prepare, attack));
  await stop(running, dir);
  report(label, rows);
  const captchaClass = "20 leads with a captcha placeholder (secret set, verifier says no)";
  if (!wanted(captchaClass)) return;
  // Captcha placeholders, with a secret set and a verifier that refuses everything.
  dir = mkdtempSync(join(tmpdir(), "lfh-bench-abuse-"));
  running = await start(bundle, dir, proxied, {
    RECAPTCHA_SECRET: "bench-secret",
    RECAPTCHA_VERIFY_URL: verifyUrl,
  });
  child = running.child;
  const mailDir = join(dir, "mail");
  const captchaRow = await measure(
    child,
    captchaClass,
    () => json({ ...sampleLead, recaptchaToken: "RECAPTCHA_UNAVAILABLE" }),
    async (init) => {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push(await send("/api/leads", init));
      await new Promise((done) => setTimeout(done, 2000));
      let emailed = 0;
      try {
        emailed = readdirSync(mailDir).length;
      } catch {
        emailed = 0;
      }
      return `${tally(statuses)}; emailed to the inbox: ${emailed}`;
    },
  );
  await stop(running, dir);
  report(label, [captchaRow]);
}

const shapes = [
  ...(values.shape === "proxy" ? [] : [["Node alone", false]]),
  ...(values.shape === "alone" ? [] : [["through nginx (deploy/nginx)", true]]),
];
for (const [shape, proxied] of shapes) {
  if (values.before) await run(`${shape}, before: ${values.before}`, resolve(values.before), proxied);
  await run(`${shape}, this build: build/node/main.mjs`, resolve("build/node/main.mjs"), proxied);
}
verifier.close();
