import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where the browser tests run: the real server on loopback, its store, and a real SMTP server.
 * E2E_PORT moves the whole set (server, SMTP, data folder), so two checkouts can test at once.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = join(tmpdir(), `lfh-e2e-${port}`);

export const e2e = {
  port,
  smtpPort: port - 4173 + 2526,
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir,
  mailDir: join(dataDir, "received-mail"),
};
