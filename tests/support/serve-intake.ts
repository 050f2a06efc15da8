// A bare intake server for the restart test: accepts leads, delivers with the outbox.
import { loadEnv } from "../../server/env";
import { listen } from "../../server/http";
import { createIntake } from "../../server/intake";

const env = loadEnv();
const intake = await createIntake(env, { pollMs: 50 });
const { server, port } = await listen(intake.app, { port: env.PORT, hostname: "127.0.0.1", maxConnections: 64 });
console.log(JSON.stringify({ event: "listening", port }));
process.on("SIGTERM", () => server.close(() => void intake.close().then(() => process.exit(0))));
