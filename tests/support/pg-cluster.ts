import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const binDirs = ["/usr/lib/postgresql/15/bin", "/usr/local/bin", "/usr/bin"];

export function pgBin(name: string): string | undefined {
  return binDirs.map((dir) => join(dir, name)).find((file) => existsSync(file));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;
/**
 * Clusters live in memory where the machine has a tmpfs: copying and starting one then never
 * queues behind other processes' disk writes (a throwaway cluster runs with fsync off anyway).
 */
const clusterRoot = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

/** Runs a PostgreSQL tool, as the postgres user when the tests run as root (it refuses root). */
function run(command: string, args: string[]) {
  const result = asRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
    : spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

/** `run` without blocking this process's event loop: the test keeps sending requests meanwhile. */
function runAsync(command: string, args: string[]): Promise<void> {
  const child = asRoot ? spawn("runuser", ["-u", "postgres", "--", command, ...args]) : spawn(command, args);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${output}`))));
  });
}

/** A new temp folder, owned by the postgres user when the tests run as root. */
function ownedTempDir(prefix: string): string {
  const dir = mkdtempSync(join(clusterRoot, prefix));
  if (asRoot) {
    const uid = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const gid = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(dir, Number(uid), Number(gid));
  }
  return dir;
}

/**
 * An empty cluster's data folder, made by initdb once per machine and PostgreSQL build and copied
 * for each test file: initdb takes seconds, a copy a fraction of that. Made in a folder of its own
 * and renamed into place, so test files starting together never see a half-made template.
 */
function template(initdb: string): string {
  const version = spawnSync(initdb, ["--version"], { encoding: "utf8" }).stdout.replace(/\W+/g, "-");
  const ready = join(clusterRoot, `lfh-pg-template${version}${asRoot ? "root" : (process.getuid?.() ?? "")}`);
  if (existsSync(join(ready, "PG_VERSION"))) return ready;
  const dir = ownedTempDir("lfh-pg-template-");
  const data = join(dir, "data");
  run(initdb, ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  try {
    renameSync(data, ready);
  } catch {
    // Another test file made it first.
  }
  rmSync(dir, { recursive: true, force: true });
  return ready;
}

export interface PgCluster {
  url: string;
  dataDir: string;
  shutDown(): Promise<void>;
  startUp(): Promise<void>;
  restart(): Promise<void>;
  stop(): void;
}

/** A throwaway PostgreSQL cluster in a temp folder, on a loopback port, for tests. */
export async function startPgCluster(): Promise<PgCluster> {
  const initdb = pgBin("initdb");
  const pgCtl = pgBin("pg_ctl");
  if (!initdb || !pgCtl) throw new Error("PostgreSQL binaries (initdb, pg_ctl) are not installed");
  const source = template(initdb);
  const dir = ownedTempDir("lfh-pg-");
  const data = join(dir, "data");
  // Copied by the postgres user, so the copy is its own and keeps initdb's 0700.
  run("cp", ["-a", source, data]);
  const port = await freePort();
  const options = [
    "-D",
    data,
    "-w",
    "-l",
    join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
  ];
  run(pgCtl, [...options, "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The cluster's files (tables, WAL), for tests that look at what is left on disk. */
    dataDir: data,
    /**
     * The operator's commands, run while the test goes on: `pg_ctl stop -m fast` (every session is
     * ended at once), `start` on the same port, `restart -m fast`.
     */
    shutDown: () => runAsync(pgCtl, ["-D", data, "-m", "fast", "-w", "stop"]),
    startUp: () => runAsync(pgCtl, [...options, "start"]),
    restart: () => runAsync(pgCtl, [...options, "-m", "fast", "restart"]),
    stop() {
      try {
        // Already stopped by a test's own shutDown: nothing to stop.
        if (existsSync(join(data, "postmaster.pid"))) run(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
