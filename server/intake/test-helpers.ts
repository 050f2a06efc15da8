import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { loadEnv, type Env } from "../env";

export function tempDir(prefix = "lfh-intake-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  const dir = tempDir();
  return loadEnv({
    DATABASE_URL: `file:${join(dir, "leads.db")}`,
    MAIL_DIR: join(dir, "mail"),
    RATE_LIMIT_PER_MINUTE: "1000",
    ...overrides,
  });
}

export const validLead = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "(281) 555-0142",
  office: "katy",
  message: "My husband is a US citizen and we want to apply for my green card.",
  consent: true,
  company: "",
  recaptchaToken: "RECAPTCHA_UNAVAILABLE",
  locale: "en",
  source: "consultation-lead",
  page: "/contact",
};

export interface ReceivedMessage {
  raw: string;
}

/** A real SMTP server on loopback; `refuse` makes it answer every message with a temporary failure. */
export async function startSmtp(port = 0) {
  const received: ReceivedMessage[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.refuse) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        received.push({ raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("Timed out waiting");
}
