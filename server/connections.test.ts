import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { httpLimits, listen, type ListenOptions } from "./http";

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
    // Long enough that a connection closed in these tests was closed by the limit under test,
    // however slowly a loaded machine gets there.
    limits: { requestTimeoutMs: 60_000, keepAliveTimeoutMs: 60_000, ...options.limits },
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
    expect(await closedAfter(extra, 20_000)).toBeLessThan(20_000);
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
    // Cut off by the rate, not by the request timeout (60 s).
    expect(loris.ms, "one byte every half second").toBeLessThan(30_000);
    expect(loris.reply).toBe("");
    expect(steady.reply).toMatch(/^HTTP\/1\.1 200[\s\S]*4000$/);
  }, 60_000);

  it("gives a lead a short time to arrive whole", async () => {
    const port = await server({ limits: { leadRequestTimeoutMs: 1500, minBodyBytesPerSecond: 10 } });
    // 100 bytes a second is above the minimum rate, but 4 KB would take 40 s.
    const [lead, application] = await Promise.all([
      trickle(port, "/api/leads", 4000, 50, 500),
      trickle(port, "/api/careers", 300, 50, 500),
    ]);
    // Cut off by the lead's time to arrive, not after the 40 s its trickle would take.
    expect(lead.ms).toBeLessThan(20_000);
    expect(lead.reply).toBe("");
    expect(application.reply).toMatch(/^HTTP\/1\.1 200/);
  }, 60_000);
});

describe("bodies the app does not read", () => {
  it("closes the connection once the answer is out, without reading the rest of the body", async () => {
    const port = await server();
    // A GET with a body chunked a byte at a time: Node read and dropped it to reuse the connection.
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.on("data", (data: Buffer) => (reply += data.toString()));
    socket.write("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + "1\r\na\r\n".repeat(100));
    expect(await closedAfter(socket, 20_000)).toBeLessThan(20_000);
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe("pipelined requests", () => {
  // Node parses everything one read brought (up to 64 KB) before the event loop moves on: a
  // thousand requests written at once would each run the app in that one turn.
  const pipelined = (port: number, request: string, count: number) => {
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.on("data", (data: Buffer) => (reply += data.toString()));
    socket.write(request.repeat(count));
    return { socket, answers: () => reply.match(/HTTP\/1\.1 /g)?.length ?? 0 };
  };

  it("cuts off a connection with too many requests waiting, and the app never sees the rest; one request at a time is served", async () => {
    let seen = 0;
    const port = await server({}, () => (seen += 1));
    const flood = pipelined(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 1000);
    expect(await closedAfter(flood.socket, 20_000)).toBeLessThan(20_000);
    expect(seen).toBeLessThanOrEqual(httpLimits.maxPipelinedRequests);

    // A kept-alive connection that sends each request once the last is answered is never cut off.
    seen = 0;
    const polite = connect(port, "127.0.0.1");
    let reply = "";
    polite.on("data", (data: Buffer) => (reply += data.toString()));
    for (let i = 1; i <= 3 * httpLimits.maxPipelinedRequests; i++) {
      polite.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
      while ((reply.match(/HTTP\/1\.1 200/g)?.length ?? 0) < i) await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toBe(3 * httpLimits.maxPipelinedRequests);
    polite.destroy();
  });

  it("answers a connection at its headers once: posts pipelined behind that answer are dropped unread", async () => {
    let asked = 0;
    const port = await server({
      answerAtHeaders: () => {
        asked += 1;
        return { status: 503, headers: { "Retry-After": "5" }, body: "busy" };
      },
    });
    const flood = pipelined(port, "POST /api/careers HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 500);
    await closedAfter(flood.socket, 4000);
    expect(flood.answers()).toBe(1);
    expect(asked).toBe(1);
  });
});

describe("posts after pages", () => {
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** The turns of the event loop, counted once per turn while `running`. */
  let turn = 0;
  let running = false;
  const countTurns = () => {
    turn++;
    if (running) setImmediate(countTurns);
  };
  /** How many posts the server started in each turn. */
  const postsByTurn = new Map<number, number>();

  /** A server whose posts each hold the thread `busyMs`; resolves with its port. */
  async function busyPosts(busyMs: number, limits: ListenOptions["limits"] = {}) {
    const app = new Hono()
      .post("/work", (c) => {
        postsByTurn.set(turn, (postsByTurn.get(turn) ?? 0) + 1);
        for (const end = performance.now() + busyMs; performance.now() < end;);
        return c.text("done");
      })
      .get("/", (c) => c.text("home"));
    const { server, port } = await listen(app, { port: 0, hostname: "127.0.0.1", maxConnections: 2000, limits });
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    servers.set(port, server);
    return port;
  }
  const servers = new Map<number, Server>();

  /** Resolves when the socket has received the start of an answer. */
  const answered = (socket: Socket) =>
    new Promise<void>((resolve) => socket.once("data", () => resolve())).finally(() => socket.destroy());

  /** `count` connections, open and taken in by the server, so that what they send next arrives in one turn. */
  async function openConnections(port: number, count: number) {
    const sockets = Array.from({ length: count }, () => connect(port, "127.0.0.1"));
    await Promise.all(sockets.map(opened));
    // "connect" on this side says the kernel took the connection, not that the server accepted it:
    // on a loaded machine some were still queued after 100 ms, and what they sent arrived turns later.
    const server = servers.get(port);
    while (server && (await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)))) < count)
      await sleep(10);
    await sleep(50);
    return sockets;
  }
  const postRequest = "POST /work HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n";

  it("starts at most a few posts per turn, and answers a page that arrived with them among the first", async () => {
    const port = await busyPosts(3);
    const sockets = await openConnections(port, 41);
    const order: string[] = [];
    const answers = sockets.map((socket, i) => answered(socket).then(() => order.push(i === 20 ? "page" : "post")));
    postsByTurn.clear();
    running = true;
    countTurns();
    sockets.forEach((socket, i) => socket.write(i === 20 ? "GET / HTTP/1.1\r\nHost: x\r\n\r\n" : postRequest));
    await Promise.all(answers);
    running = false;
    expect(order.indexOf("page")).toBeLessThanOrEqual(httpLimits.postsPerTurn);
    // All 40 started in one turn before; now a turn's share (a count may straddle two turns).
    expect(Math.max(...postsByTurn.values())).toBeLessThanOrEqual(2 * httpLimits.postsPerTurn);
    expect([...postsByTurn.values()].reduce((sum, n) => sum + n, 0)).toBe(40);
  });

  it("holds the posts beyond a turn's share while connections keep arriving, but not past the longest wait", async () => {
    const port = await busyPosts(0, { postMaxWaitMs: 300 });
    const sockets = await openConnections(port, 20);
    let opening = true;
    const others: Socket[] = [];
    const flood = (async () => {
      while (opening) {
        const socket = connect(port, "127.0.0.1");
        socket.on("error", () => undefined);
        others.push(socket);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await sleep(20);
    const sent = performance.now();
    const answeredAfter = sockets.map((socket) => answered(socket).then(() => performance.now() - sent));
    for (const socket of sockets) socket.write(postRequest);
    const waits = (await Promise.all(answeredAfter)).sort((a, b) => a - b);
    opening = false;
    await flood;
    for (const socket of others) socket.destroy();
    // The first post starts at once (well before the longest wait); the last waited for the
    // connections to stop arriving until the longest wait ran out, and no longer than that by much.
    expect(waits[0]).toBeLessThan(300);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(250);
    expect(waits.at(-1)).toBeLessThan(5000);
  });
});
