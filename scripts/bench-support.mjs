// What the benchmarks share: a sample lead and the built server started on loopback.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** A valid consultation request, as the browser form sends it. */
export const sampleLead = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "(281) 555-0142",
  office: "katy",
  message: "My husband is a US citizen and we want to apply for my green card.",
  consent: true,
  company: "",
  locale: "en",
  source: "consultation-lead",
  page: "/contact",
};

/**
 * Starts the built server (or BENCH_SERVER, another bundle to compare) on 127.0.0.1:port with its
 * own SQLite file and mail folder in `dir`, no rate limit and no SMTP; resolves once it listens.
 * `options.bundle` names the bundle instead; `options.nodeArgs` go to node before it (a preloaded
 * probe, a profiler flag; BENCH_NODE_ARGS when not given); `options.ipc` opens a message channel
 * to the server.
 *
 * The server's log goes to `dir/server.log`, not to a pipe: Node writes to a pipe synchronously,
 * so a benchmark busy sending requests would make every log line wait for it to read, and measure
 * itself.
 */
export async function startBuiltServer(port, dir, env = {}, options = {}) {
  const bundle = options.bundle ?? process.env.BENCH_SERVER ?? "build/node/main.mjs";
  const logFile = join(dir, "server.log");
  const log = openSync(logFile, "a");
  const nodeArgs = options.nodeArgs ?? (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, bundle], {
    env: {
      ...process.env,
      // Pages come from this build whatever bundle serves them, so an older bundle is compared on them.
      BUILD_DIR: resolve("build"),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "leads.db")}`,
      MAIL_DIR: join(dir, "mail"),
      RATE_LIMIT_PER_MINUTE: "100000000",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", log, "inherit", ...(options.ipc ? ["ipc"] : [])],
  });
  closeSync(log);
  let exited;
  server.once("exit", (code) => (exited = code));
  while (!readFileSync(logFile, "utf8").includes('"listening"')) {
    if (exited !== undefined) throw new Error(`server exited with ${exited}; run npm run build first`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return server;
}
