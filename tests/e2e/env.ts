import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the browser tests run: the real server on loopback, its store, and a real SMTP server. */
export const e2e = {
  port: 4173,
  smtpPort: 2526,
  baseUrl: "http://127.0.0.1:4173",
  dataDir: join(tmpdir(), "lfh-e2e"),
  mailDir: join(tmpdir(), "lfh-e2e", "received-mail"),
};
