import { join } from "node:path";
import { createApp } from "./app";
import { loadEnv, type Env } from "./env";
import { applyEnvFile } from "./env-file";
import { listen } from "./http";
import { createIntake, type Intake } from "./intake";
import { AtRestError } from "./intake/at-rest";
import { exitOnUnhandledErrors, log } from "./log";
import { listeningOrigins } from "./origin";
import { siteCsp } from "./security";
import { buildIdFileName } from "./static-site";
import { createStaffConsole } from "./staff/console";

async function main() {
  exitOnUnhandledErrors();
  let env: Env;
  try {
    // The settings file first (ENV_FILE, or .env here): the environment's own variables win.
    applyEnvFile();
    env = loadEnv();
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  for (const warning of env.warnings) log("config.cleartext", { ...warning });
  const buildDir = process.env.BUILD_DIR ?? join(process.cwd(), "build");
  let intake: Intake;
  try {
    intake = await createIntake(env);
  } catch (error) {
    // The store's keys do not fit it: said plainly, not as a stack trace.
    if (!(error instanceof AtRestError)) throw error;
    console.error(`Store error: ${error.message}`);
    process.exit(1);
  }
  const allowedOrigins = new Set([new URL(env.SITE_URL).origin, ...env.ALLOWED_ORIGINS]);
  const csp = () => siteCsp(buildDir, { apiOrigin: env.API_ORIGIN, cmsLocalPort: env.CMS_LOCAL_PORT });
  const app = createApp({
    clientDir: join(buildDir, "client"),
    // A page built while the server runs (`npm run build` beside `npm run cms`) is served without a restart.
    rebuilds: { buildIdFile: join(buildDir, buildIdFileName), csp },
    api: intake.app,
    trustedHops: env.TRUST_PROXY,
    allowedOrigins,
    staff: createStaffConsole({
      store: intake.store,
      mailer: intake.mailer,
      env,
      allowedOrigins,
      readiness: () => Promise.resolve(intake.app.request("/readyz")),
      backup: intake.backup,
    }),
  });
  const { server, port } = await listen(app, {
    port: env.PORT,
    hostname: env.HOST,
    maxConnections: env.MAX_CONNECTIONS,
  });
  for (const origin of listeningOrigins(env.HOST, port)) allowedOrigins.add(origin);
  log("listening", { url: `http://${env.HOST}:${port}`, port });
  // Said once: on this machine the server is enough; facing the internet it needs the proxy.
  if (env.TRUST_PROXY === 0)
    log("proxy.none", {
      message:
        "Serving without a reverse proxy: right for this machine; on the public internet run it behind deploy/ (README, Deployment)",
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
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
