// Starts the built server for the browser tests with a fresh, empty store.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const dataDir = join(tmpdir(), "lfh-e2e");
rmSync(join(dataDir, "leads.db"), { force: true });
rmSync(join(dataDir, "leads.db-wal"), { force: true });
rmSync(join(dataDir, "leads.db-shm"), { force: true });
mkdirSync(dataDir, { recursive: true });
await import("../../build/node/main.mjs");
