import { connect, type Socket } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { listen, type ListenOptions } from "./http";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A server whose two routes read the whole body, with the given limits. */
async function server(options: Partial<ListenOptions> = {}, onRequest: () => void = () => undefined) {
  const app = new Hono()
    .use(async (_c, next) => {
      onRequest();
      await next();
    })
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

describe("bodies the app does not read", () => {
  it("closes the connection once the answer is out, without reading the rest of the body", async () => {
    const port = await server();
    // A GET with a body chunked a byte at a time: Node read and dropped it to reuse the connection.
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.on("data", (data: Buffer) => (reply += data.toString()));
    socket.write("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + "1\r\na\r\n".repeat(100));
    expect(await closedAfter(socket, 2000)).toBeLessThan(2000);
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
  });
});
