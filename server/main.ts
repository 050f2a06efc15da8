import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { firm } from "../core/firm";
import { createApp } from "./app";
import { loadEnv } from "./env";
import { createIntake } from "./intake";
import { pageCsp } from "./security";

const buildDir = process.env.BUILD_DIR ?? join(process.cwd(), "build");

function log(event: string, fields: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  const hashes = JSON.parse(readFileSync(join(buildDir, "csp-hashes.json"), "utf8")) as Record<string, string[]>;
  const booking = new URL(firm.bookingUrl).origin;
  const intake = await createIntake(env);
  const app = createApp({
    clientDir: join(buildDir, "client"),
    csp: (file) => pageCsp(hashes[file] ?? [], { booking }),
    api: intake.app,
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log("listening", { url: `http://${info.address}:${info.port}` });
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("shutdown", { signal });
    // Stop accepting, let in-flight requests finish, then stop the outbox and close the store.
    server.close(() => {
      void intake.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
