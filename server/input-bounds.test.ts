import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { firm } from "../core/firm";
import { testEnv, validLead } from "../tests/support/intake";
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

describe("paths are bounded before they are decoded", () => {
  it("answers 16 KB of /en repeated with 414 at once", async () => {
    const { base } = await served();
    const path = "/en".repeat(5300);
    const { value, ms } = await timed(() => fetch(`${base}${path}`, { redirect: "manual" }));
    expect(value.status).toBe(414);
    expect(ms).toBeLessThan(200);
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
