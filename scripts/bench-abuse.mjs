// `npm run bench:abuse`: replays each attack class of the penetration test against the built
// server (loopback only) and prints, per class, the outcome, the longest event-loop stall inside
// the server (perf_hooks.monitorEventLoopDelay, preloaded by scripts/bench-loop-probe.mjs) and
// the p99 of page requests sent alongside. It prints figures; it is not a test.
// `-- --before path/to/main.mjs` runs the same classes against another server bundle first (an
// older build), with this build's pages, so both sets of figures come from the same minute.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sampleLead } from "./bench-support.mjs";

const { values } = parseArgs({ options: { before: { type: "string" } } });
const port = Number(process.env.BENCH_PORT ?? 4393);
const buildDir = resolve("build");
const pages = ["/", "/contact", "/es", "/practice-areas"];

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

// A captcha verifier that says no to everything.
const verifier = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.end(JSON.stringify({ success: false })));
});
await new Promise((done) => verifier.listen(0, "127.0.0.1", done));
const verifyUrl = `http://127.0.0.1:${verifier.address().port}/siteverify`;

async function start(bundle, dir) {
  const child = spawn(process.execPath, ["--import", resolve("scripts/bench-loop-probe.mjs"), bundle], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "leads.db")}`,
      MAIL_DIR: join(dir, "mail"),
      RATE_LIMIT_PER_MINUTE: "100000000",
      RECAPTCHA_SECRET: "bench-secret",
      RECAPTCHA_VERIFY_URL: verifyUrl,
      MAX_CONNECTIONS: "1024",
      SMTP_URL: "",
      LOG_LEVEL: "",
    },
    stdio: ["ignore", "pipe", "ignore", "ipc"],
  });
  await new Promise((done, fail) => {
    child.stdout.on("data", (chunk) => String(chunk).includes('"listening"') && done());
    child.on("exit", (code) => fail(new Error(`server exited with ${code}; run npm run build first`)));
  });
  child.stdout.resume();
  return child;
}

const loopDelay = (child) =>
  new Promise((done) => {
    child.once("message", done);
    child.send("loop-delay");
  });

const base = `http://127.0.0.1:${port}`;
async function send(path, init = {}) {
  try {
    const response = await fetch(`${base}${path}`, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return String(response.status);
  } catch (error) {
    return error.name === "TimeoutError" ? "timeout" : "reset";
  }
}
const tally = (statuses) =>
  Object.entries(statuses.reduce((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}))
    .map(([status, count]) => (count > 1 ? `${status}×${count}` : status))
    .join(" ");

/** Page requests, four at a time, for as long as `attack` runs; resolves with the attack's outcome and page p99. */
async function alongside(attack) {
  let running = true;
  const latencies = [];
  const probe = async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      await send(pages[i % pages.length]);
      latencies.push(performance.now() - started);
      await new Promise((done) => setTimeout(done, 20));
    }
  };
  const probes = Array.from({ length: 4 }, probe);
  const started = performance.now();
  const outcome = await attack();
  const ms = performance.now() - started;
  running = false;
  await Promise.all(probes);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { outcome, ms, p99, pages: latencies.length };
}

function slowBodies(count, seconds) {
  return new Promise((done) => {
    const closedAt = [];
    const started = Date.now();
    const sockets = Array.from({ length: count }, () => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      socket.on("close", () => closedAt.push((Date.now() - started) / 1000));
      socket.write(
        `POST /api/careers HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 6000000\r\n\r\n`,
      );
      return socket;
    });
    const drip = setInterval(() => sockets.forEach((s) => s.writable && s.write("x")), 1000);
    setTimeout(async () => {
      clearInterval(drip);
      const fresh = await send("/");
      sockets.forEach((s) => s.destroy());
      const cut = closedAt.length;
      done(
        `${cut}/${count} cut within ${seconds} s${cut ? ` (last at ${Math.max(...closedAt).toFixed(1)} s)` : ""}; a new page request meanwhile: ${fresh}`,
      );
    }, seconds * 1000);
  });
}

const json = (body) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const classes = [
  ["quiet (pages only)", async () => "-"],
  [
    "phone ReDoS, /api/careers JSON, 120 KB",
    async () => send("/api/careers", json({ ...application, phone: `1${" ".repeat(120_000)}a` })),
  ],
  [
    "phone ReDoS, /api/leads, 64 KB",
    async () =>
      tally(
        await Promise.all(
          [0, 1].map(() => send("/api/leads", json({ ...sampleLead, phone: `1${" ".repeat(64_000)}a` }))),
        ),
      ),
  ],
  [
    "/en/en/… path, 15.9 KB, ×4",
    async () => tally(await Promise.all([0, 1, 2, 3].map(() => send(`/en${"/en".repeat(5300)}`)))),
  ],
  [
    "resume file-name ReDoS, 80 KB name",
    async () =>
      send("/api/careers", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=BenchBoundary" },
        body: multipart(application, { name: `a${" ".repeat(80_000)}b.pdf`, bytes: pdf(49) }),
      }),
  ],
  [
    "big JSON, 600,000 keys (5.3 MB)",
    async () => {
      const body = { ...application };
      for (let i = 0; i < 600_000; i++) body[`k${i}`] = 1;
      return send("/api/careers", json(body));
    },
  ],
  [
    "117,000 multipart parts, xboundary trick",
    async () => {
      const parts = Array.from(
        { length: 117_000 },
        (_, i) => `--B\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
      );
      return send("/api/careers", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; xboundary=A; boundary=B" },
        body: `${parts.join("")}--B--\r\n`,
      });
    },
  ],
  ["16 slow bodies (1 byte/s of 6 MB), 12 s", async () => slowBodies(16, 12)],
  [
    "200 parallel 1 MB applications",
    async () => {
      const body = multipart(application, { name: "cv.pdf", bytes: pdf(1024 * 1024) });
      const statuses = await Promise.all(
        Array.from({ length: 200 }, () =>
          send("/api/careers", {
            method: "POST",
            headers: { "content-type": "multipart/form-data; boundary=BenchBoundary" },
            body,
          }),
        ),
      );
      return tally(statuses);
    },
  ],
];

async function run(label, bundle) {
  const dir = mkdtempSync(join(tmpdir(), "lfh-bench-abuse-"));
  const child = await start(bundle, dir);
  const rows = [];
  for (const [name, attack] of classes) {
    await loopDelay(child);
    const result = await alongside(attack);
    const { maxMs, rssMb } = await loopDelay(child);
    rows.push({ name, ...result, maxMs, rssMb });
  }
  // Captcha placeholders with a secret set and a verifier that refuses everything.
  await loopDelay(child);
  const captcha = await alongside(async () => {
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push(await send("/api/leads", json({ ...sampleLead, recaptchaToken: "RECAPTCHA_UNAVAILABLE" })));
    await new Promise((done) => setTimeout(done, 3000));
    let emailed = 0;
    try {
      emailed = readdirSync(join(dir, "mail")).length;
    } catch {
      emailed = 0;
    }
    return `${tally(statuses)}; emailed to the inbox: ${emailed}`;
  });
  const delay = await loopDelay(child);
  rows.push({ name: "20 leads with a captcha placeholder (secret set, verifier says no)", ...captcha, ...delay });
  child.kill("SIGTERM");
  await new Promise((done) => child.on("exit", done));
  rmSync(dir, { recursive: true, force: true });
  console.log(`\n${label}`);
  console.log("class | outcome | took | longest loop stall | page p99 (n) | server RSS");
  for (const r of rows)
    console.log(
      `${r.name} | ${r.outcome} | ${(r.ms / 1000).toFixed(1)} s | ${r.maxMs.toFixed(0)} ms | ${r.p99.toFixed(0)} ms (${r.pages}) | ${r.rssMb.toFixed(0)} MB`,
    );
}

if (values.before) await run(`before: ${values.before}`, resolve(values.before));
await run("this build: build/node/main.mjs", resolve("build/node/main.mjs"));
verifier.close();
