import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { firm } from "../core/firm";
import { messages } from "../core/i18n";
import { pdfBytes } from "../tests/support/files";
import { testEnv, validApplication, validLead } from "../tests/support/intake";
import { tinySite } from "../tests/support/tiny-site";
import { createApp, maxRequestTarget } from "./app";
import { listen } from "./http";
import { createIntake } from "./intake";
import { listeningOrigins } from "./origin";

// Each request below once held the event loop, or was read differently from what it meant; every
// one must now be refused or answered at once.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function served(extraOrigins: (port: number) => string[] = () => []) {
  const env = testEnv();
  const intake = await createIntake(env, { pollMs: 60_000 });
  const allowedOrigins = new Set([new URL(env.SITE_URL).origin]);
  const app = createApp({ clientDir: tinySite(), csp: () => "default-src 'self'", api: intake.app, allowedOrigins });
  const { server, port } = await listen(app, { port: 0, hostname: "127.0.0.1", maxConnections: 64 });
  for (const origin of extraOrigins(port)) allowedOrigins.add(origin);
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await intake.close();
  });
  return { port, intake, base: `http://127.0.0.1:${port}` };
}

/** Sends one raw HTTP/1.1 request and resolves with the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

/**
 * The fastest of up to three runs of a request the server refuses (no side effect): a neighbour
 * holding the shared CPU can slow one answer past the bound; work that grows with the input is
 * slow every time.
 */
async function fastest<T>(run: () => Promise<T>, boundMs: number): Promise<{ value: T; ms: number }> {
  let best = await timed(run);
  for (let i = 1; i < 3 && best.ms >= boundMs; i++) {
    const next = await timed(run);
    if (next.ms < best.ms) best = next;
  }
  return best;
}

describe("paths are bounded before they are decoded", () => {
  it("answers 16 KB of /en repeated with 414 at once", async () => {
    const { base } = await served();
    const path = "/en".repeat(5300);
    const { value, ms } = await fastest(() => fetch(`${base}${path}`, { redirect: "manual" }), 1000);
    expect(value.status).toBe(414);
    expect(ms).toBeLessThan(1000);
  });

  it("still redirects a long run of /en within the bound, in one step", async () => {
    const { base } = await served();
    const path = `${"/en".repeat(Math.floor((maxRequestTarget - 8) / 3))}/contact`;
    expect(path.length).toBeLessThanOrEqual(maxRequestTarget);
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/contact");
    expect((await fetch(`${base}/${"x".repeat(maxRequestTarget)}`)).status).toBe(414);
  });
});

describe("one request, one host", () => {
  it("refuses a request with two Host headers", async () => {
    const { port } = await served();
    const answer = await raw(
      port,
      "GET / HTTP/1.1\r\nHost: www.lfh-immigration.example\r\nHost: attacker.example\r\nConnection: close\r\n\r\n",
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    const single = await raw(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(single.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
  });
});

describe("the cross-site check trusts configured origins, never Host", () => {
  const lead = JSON.stringify(validLead);
  const post = (port: number, host: string, origin: string) =>
    raw(
      port,
      `POST /api/leads HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nSec-Fetch-Site: same-origin\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(lead)}\r\nConnection: close\r\n\r\n${lead}`,
    ).then((answer) => Number(answer.split(" ")[1]));

  it("refuses a DNS-rebound page whose Origin matches its own Host", async () => {
    const { port, intake } = await served((p) => listeningOrigins("127.0.0.1", p));
    expect(await post(port, `attacker.example:${port}`, `http://attacker.example:${port}`)).toBe(403);
    expect(await intake.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(0);
  });

  it("takes posts from the canonical site and from the loopback origin the server listens on", async () => {
    const { port } = await served((p) => listeningOrigins("127.0.0.1", p));
    expect(await post(port, `127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).toBe(201);
    expect(await post(port, `localhost:${port}`, `http://localhost:${port}`)).toBe(201);
    expect(await post(port, "www.lfh-immigration.example", firm.defaultSiteUrl)).toBe(201);
    expect(await post(port, `127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`)).toBe(403);
  });
});

const application = validApplication;

/** A multipart body written by hand, so its boundary and parts can be anything. */
function multipart(
  boundary: string,
  parts: { name: string; value: string | Uint8Array; filename?: string }[],
): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push(Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
const fields = (values: Record<string, string>) => Object.entries(values).map(([name, value]) => ({ name, value }));

describe("bodies are bounded by type, count and size before they are parsed", () => {
  it("answers a phone of 240,000 spaces at once: 413 on either form as JSON, 400 within 64 KB", async () => {
    const { base } = await served();
    const phone = `1${" ".repeat(240_000)}a`;
    const careers = await timed(() =>
      fetch(`${base}/api/careers`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...application, consent: true, phone }),
      }),
    );
    expect(careers.value.status).toBe(413);
    const lead = await timed(() =>
      fetch(`${base}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validLead, phone: phone.slice(-60_000) }),
      }),
    );
    expect(lead.value.status).toBe(400);
    expect(((await lead.value.json()) as { errors: Record<string, string> }).errors).toEqual({
      phone: "Please enter a valid phone number",
    });
    expect(careers.ms + lead.ms).toBeLessThan(1000);
  });

  it("refuses JSON with more keys than any form has, and ignores keys no form has", async () => {
    const { base, intake } = await served();
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, 1]));
    const refused = await fetch(`${base}/api/careers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...application, consent: true, ...many }),
    });
    expect(refused.status).toBe(413);
    const extra = await fetch(`${base}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validLead, status: "accepted", __proto__: { admin: true }, flags: "x" }),
    });
    expect(extra.status).toBe(201);
    const { id } = (await extra.json()) as { id: string };
    const row = await intake.store.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details)).not.toHaveProperty("status");
  });

  it.each([
    ["a boundary hidden behind another parameter", "multipart/form-data; xboundary=A; boundary=B"],
    ["two boundaries", "multipart/form-data; boundary=B; boundary=A"],
    ["no boundary", "multipart/form-data"],
    ["an empty boundary", "multipart/form-data; boundary="],
    ["a boundary of 71 characters", `multipart/form-data; boundary=${"b".repeat(71)}`],
  ])("refuses a multipart body with %s", async (_label, contentType) => {
    const { base, intake } = await served();
    const response = await fetch(`${base}/api/careers`, {
      method: "POST",
      headers: { "content-type": contentType },
      body: multipart("B", fields(application)),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain("boundary");
    expect(await intake.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(0);
  });

  it("refuses 60 parts, and 117,000 tiny parts without holding pages up", async () => {
    const { base, intake } = await served();
    const padded = (count: number) =>
      multipart("B", [...fields(application), ...Array.from({ length: count }, () => ({ name: "p", value: "v" }))]);
    const sixty = await fetch(`${base}/api/careers`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=B" },
      body: padded(54),
    });
    expect(sixty.status).toBe(413);
    const body = padded(117_000);
    expect(body.length).toBeLessThan(6 * 1024 * 1024);
    const flood = timed(() =>
      fetch(`${base}/api/careers`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=B" },
        body,
      }),
    );
    const page = await timed(() => fetch(`${base}/robots.txt`));
    const refused = (await flood).value;
    expect(refused.status).toBe(413);
    // Not the visitor's fault, in their language (the API says what to do, not which bound it hit).
    expect(await refused.json()).toEqual({ ok: false, error: messages("en").result.tooLarge });
    // A page alone answers in milliseconds; 640 ms was seen beside two dozen busy processes.
    expect(page.ms).toBeLessThan(1500);
    expect(await intake.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(0);
  });

  it("refuses an over-long resume name before matching it, in the visitor's language", async () => {
    const { base } = await served();
    const post = (filename: string, locale = "en") =>
      fetch(`${base}/api/careers`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=B" },
        body: multipart("B", [...fields({ ...application, locale }), { name: "resume", value: pdfBytes(), filename }]),
      });
    const send = (filename: string, locale = "en") => timed(() => post(filename, locale));
    const huge = await fastest(() => post(`a${" ".repeat(80_000)}b.pdf`), 1000);
    expect(huge.value.status).toBe(400);
    expect(huge.ms).toBeLessThan(1000);
    const long = await send(`a${" ".repeat(300)}b.pdf`, "es");
    expect(long.value.status).toBe(400);
    expect(((await long.value.json()) as { errors: Record<string, string> }).errors.resume).toBe(
      "Por favor, cambie el nombre del archivo a 255 caracteres o menos y adjúntelo de nuevo",
    );
    expect((await send("Luis Vega CV.pdf")).value.status).toBe(201);
  });
});
