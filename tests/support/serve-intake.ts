// A bare intake server in its own process (the restart tests kill it; component tests post to it
// from a simulated browser whose globals must not leak into the server): accepts leads and
// applications, with CORS for ALLOWED_ORIGINS, and delivers with the outbox.
import { createApp } from "../../server/app";
import { loadEnv } from "../../server/env";
import { listen } from "../../server/http";
import { createIntake } from "../../server/intake";

const env = loadEnv();
const intake = await createIntake(env, { pollMs: 50 });
const app = createApp({ api: intake.app, allowedOrigins: new Set(env.ALLOWED_ORIGINS) });
const { server, port } = await listen(app, { port: env.PORT, hostname: "127.0.0.1", maxConnections: 64 });
console.log(JSON.stringify({ event: "listening", port }));
process.on("SIGTERM", () => server.close(() => void intake.close().then(() => process.exit(0))));
