import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedMessage {
  raw: string;
}

export interface SmtpOptions {
  port?: number;
  /** Also keep each message as an .eml file in this folder (the browser tests read them). */
  dir?: string;
}

/**
 * A real SMTP server on loopback, for the server tests and the browser tests. `state.refuse`
 * answers every message with a temporary failure; `state.hold` keeps a message unanswered until
 * `release()` (a mail server that stalls mid-delivery); `state.delayMs` answers DATA only after that
 * long (a slow server that still takes the message). `state.refusal` words the refusal from the
 * message (a server that quotes the subject it refused).
 */
export async function startSmtp(options: SmtpOptions = {}) {
  const received: ReceivedMessage[] = [];
  const state: { refuse: boolean; hold: boolean; delayMs: number; refusal: (raw: string) => string } = {
    refuse: false,
    hold: false,
    delayMs: 0,
    refusal: () => "Try again later",
  };
  const held: (() => void)[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.refuse)
          return callback(
            Object.assign(new Error(state.refusal(Buffer.concat(chunks).toString("utf8"))), { responseCode: 451 }),
          );
        const accept = () => {
          const raw = Buffer.concat(chunks);
          received.push({ raw: raw.toString("utf8") });
          if (options.dir) writeFileSync(join(options.dir, `${Date.now()}-${received.length}.eml`), raw);
          callback();
        };
        if (state.hold) held.push(accept);
        else if (state.delayMs) setTimeout(accept, state.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : (options.port ?? 0);
  return {
    // A loopback test server without TLS: the opt-out from STARTTLS that smtp:// otherwise requires.
    url: `smtp://127.0.0.1:${actualPort}?requireTLS=false`,
    port: actualPort,
    received,
    state,
    /** Messages waiting for an answer because of `state.hold`. */
    held: () => held.length,
    /** Answers the messages `state.hold` kept waiting: the mail server takes them after all. */
    release: () => {
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
