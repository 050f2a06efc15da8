// Starts the built server for the browser tests with a fresh, empty store: the one DATABASE_URL
// names (playwright.config.ts puts it in E2E_PORT's data folder).
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";

const file = process.env.DATABASE_URL?.replace(/^file:/, "");
if (!file || file === process.env.DATABASE_URL) throw new Error("DATABASE_URL must name an SQLite file (file:...)");
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
mkdirSync(dirname(file), { recursive: true });
await import("../../build/node/main.mjs");
