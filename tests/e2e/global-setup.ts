import { rmSync } from "node:fs";
import { startSmtp } from "../support/smtp";
import { e2e } from "./env";

/** A real SMTP server on loopback that keeps every message it receives as an .eml file. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(e2e.mailDir, { recursive: true, force: true });
  const smtp = await startSmtp({ port: e2e.smtpPort, dir: e2e.mailDir });
  return smtp.close;
}
