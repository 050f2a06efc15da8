import { connect, type Socket } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { listen, type ListenOptions } from "./http";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A server whose two routes read the whole body, with the given limits. */
async function server(options: Partial<ListenOptions> = {}) {
  const app = new Hono()
    .post("/api/leads", async (c) => c.text(String((await c.req.text()).length)))
    .post("/api/careers", async (c) => c.text(String((await c.req.text()).length)))
    .get("/", (c) => c.text("home"));
  const { server, port } = await listen(app, {
    port: 0,
    hostname: "127.0.0.1",
    maxConnections: 64,
    ...options,
    limits: { requestTimeoutMs: 60_000, ...options.limits },
  });
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return port;
}

/** Milliseconds until the server closes the socket (Infinity if it is still open after `waitMs`). */
const closedAfter = (socket: Socket, waitMs = 8000) =>
  new Promise<number>((resolve) => {
    const started = Date.now();
    setTimeout(() => resolve(Number.POSITIVE_INFINITY), waitMs).unref();
    socket.on("close", () => resolve(Date.now() - started));
    socket.on("error", () => undefined);
    socket.resume(); // an unread answer would hold back the end of the stream, and so "close"
  });

const opened = (socket: Socket) => new Promise((resolve) => socket.on("connect", resolve));

/** Sends a body of `total` bytes `chunk` bytes at a time every `everyMs`; resolves with the reply or "closed". */
function trickle(port: number, path: string, total: number, chunk: number, everyMs: number) {
  const socket = connect(port, "127.0.0.1");
  let reply = "";
  socket.on("data", (data: Buffer) => (reply += data.toString()));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${total}\r\n\r\n`);
  let sent = 0;
  const timer = setInterval(() => {
    if (!socket.writable) return clearInterval(timer);
    const size = Math.min(chunk, total - sent);
    socket.write("x".repeat(size));
    sent += size;
    if (sent >= total) clearInterval(timer);
  }, everyMs);
  const started = Date.now();
  return new Promise<{ ms: number; reply: string }>((resolve) => {
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, reply });
    });
    socket.on("error", () => undefined);
    socket.on("data", () => {
      if (reply.includes("\r\n\r\n")) socket.end();
    });
  });
}

describe("connection limits", () => {
  it("closes a client's connections past its cap as they open, and serves other clients", async () => {
    const port = await server({ maxConnectionsPerClient: 3 });
    const held = [1, 2, 3].map(() => connect(port, "127.0.0.1"));
    await Promise.all(held.map(opened));
    const extra = connect(port, "127.0.0.1");
    expect(await closedAfter(extra)).toBeLessThan(1000);
    // Another client (another loopback address) is served meanwhile.
    const other = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.2" });
    other.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let answer = "";
    other.on("data", (data: Buffer) => (answer += data.toString()));
    await closedAfter(other);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // A closed connection gives its slot back.
    held[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = connect(port, "127.0.0.1");
    await opened(again);
    expect(await closedAfter(again, 500)).toBe(Number.POSITIVE_INFINITY);
    for (const socket of [...held, again]) socket.destroy();
  });

  it("cuts off a body trickled below the minimum rate, and lets a slow but steady one finish", async () => {
    const port = await server({ limits: { minBodyBytesPerSecond: 200, bodyRateWindowMs: 1000 } });
    const [loris, steady] = await Promise.all([
      trickle(port, "/api/careers", 1_000_000, 1, 500),
      trickle(port, "/api/careers", 4000, 500, 200),
    ]);
    expect(loris.ms, "one byte every half second").toBeLessThan(3000);
    expect(loris.reply).toBe("");
    expect(steady.reply).toMatch(/^HTTP\/1\.1 200[\s\S]*4000$/);
  }, 15_000);

  it("gives a lead a short time to arrive whole", async () => {
    const port = await server({ limits: { leadRequestTimeoutMs: 1500, minBodyBytesPerSecond: 10 } });
    // 100 bytes a second is above the minimum rate, but 4 KB would take 40 s.
    const [lead, application] = await Promise.all([
      trickle(port, "/api/leads", 4000, 50, 500),
      trickle(port, "/api/careers", 300, 50, 500),
    ]);
    expect(lead.ms).toBeLessThan(3500);
    expect(lead.reply).toBe("");
    expect(application.reply).toMatch(/^HTTP\/1\.1 200/);
  }, 15_000);
});
