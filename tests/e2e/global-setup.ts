import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { e2e } from "./env";

/** A real SMTP server on loopback that keeps every message it receives as an .eml file. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(e2e.mailDir, { recursive: true, force: true });
  mkdirSync(e2e.mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        writeFileSync(join(e2e.mailDir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(e2e.smtpPort, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
