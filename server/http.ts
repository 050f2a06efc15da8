import { createServer, STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { apiPaths } from "../core/site-paths";
import { clientKey } from "./client-address";

/**
 * Timeouts and a connection cap for a public server. A phone on a slow 3G link (about 400 kbit/s
 * up, 400 ms round trips) sends its headers in well under a second and a 6 MB application in about
 * two minutes, so it passes; a client that trickles headers or a body, or idles on a kept-alive
 * connection, is cut off instead of holding a connection for minutes.
 */
export const httpLimits = {
  /** Whole request header must arrive within this. */
  headersTimeoutMs: 20_000,
  /** Whole request, body included (a 6 MB application on slow 3G takes about 2 minutes). */
  requestTimeoutMs: 180_000,
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A socket with no traffic at all is closed after this. */
  socketIdleMs: 30_000,
  /**
   * A lead (64 KB at most) arrives whole within this; a request to /api/leads still incomplete
   * then is cut off, so slow bodies cannot hold the lead form's connections for minutes.
   */
  leadRequestTimeoutMs: 15_000,
  /**
   * A body still arriving must bring at least this many bytes per second, measured over each
   * window below (slow 3G sends about 50 KB/s): a body trickled a byte at a time is cut off
   * within one window instead of holding its connection until the request timeout.
   */
  minBodyBytesPerSecond: 1024,
  bodyRateWindowMs: 5_000,
  /**
   * A request answered at its headers (see `answerAtHeaders`) keeps its connection this long
   * after the answer, unread, before it is closed: a client still sending its body gets the answer
   * before a reset could discard it, and sends no more than its socket buffers hold meanwhile.
   */
  refusedLingerMs: 2_000,
  /**
   * Requests one connection may have waiting for their answers. Browsers and proxies send a
   * request on a connection only once the answer to the one before has arrived; a client that
   * pipelines more is cut off, and what else it sent never reaches the app. Node parses a whole
   * read at once (up to 64 KB, some 1,500 small requests) and hands each request on in the same
   * turn of the event loop: unbounded, one write of pipelined requests held the loop for
   * hundreds of milliseconds.
   */
  maxPipelinedRequests: 8,
  /**
   * Pages and new connections before posts (see `postQueue`): at most this many posts start per
   * turn of the event loop, none in a turn that took in a new connection unless the oldest post
   * has waited `postMaxWaitMs`.
   */
  postsPerTurn: 8,
  postMaxWaitMs: 200,
} as const;

/** A request as it stands when its headers have arrived and no body byte has been read. */
export interface RequestHead {
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  /** By lower-case name; a header sent more than once is joined with ", ". */
  headers: Readonly<Record<string, string | undefined>>;
  /** The connection's remote address. */
  remoteAddress: string;
}

/** A complete answer given at a request's headers. */
export interface HeadAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

function requestHead(incoming: IncomingMessage): RequestHead {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return {
    method: incoming.method ?? "",
    url: incoming.url ?? "",
    headers,
    remoteAddress: incoming.socket.remoteAddress ?? "unknown",
  };
}

/**
 * Writes `answer` to the socket and ends the connection without reading another byte of the
 * request: reading stops first, the answer goes out followed by the end of the stream, and the
 * socket is destroyed `lingerMs` later (whatever the client still sends meanwhile stays in the
 * kernel's buffers and is discarded with the socket). Node's own response path would read (and
 * parse) the rest of the body before closing.
 */
function answerAndClose(socket: Socket, answer: HeadAnswer, lingerMs: number): void {
  socket.pause();
  const body = Buffer.from(answer.body);
  const lines = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`,
    ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${body.length}`,
    "Connection: close",
    `Date: ${new Date().toUTCString()}`,
  ];
  if (lines.some((line) => /[\r\n]/.test(line))) throw new Error("A header of an early answer holds a line break");
  socket.end(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]));
  const closing = setTimeout(() => socket.destroy(), lingerMs);
  closing.unref();
  socket.once("close", () => clearTimeout(closing));
}

/**
 * How many Host headers a request carries. Node keeps the first of several, a proxy in front may
 * route by another: a request that names two hosts is refused rather than read one way here and
 * another way there.
 */
function hostHeaders(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === "host") count++;
  return count;
}

/**
 * Posts (requests that may carry a body: the forms) start after the pages and the new
 * connections of their turn of the event loop. Node takes in one new connection per turn, and a
 * visitor's connection waits in the kernel's queue behind every connection that came before it.
 * Under a burst of posts (200 leads sent at once), turns that each handled dozens of them at
 * about half a millisecond apiece held that queue, and every page behind it, for 100 ms and more.
 * Now a post starts in the turn's last phase (`setImmediate`), `perTurn` at most, and none while
 * connections are still being taken in, unless the oldest has waited `maxWaitMs` (a flood of
 * connections delays posts, it never starves them). A post alone waits for nothing that shows.
 */
function postQueue({ perTurn, maxWaitMs }: { perTurn: number; maxWaitMs: number }) {
  const waiting: { start: () => void; since: number }[] = [];
  /** Connections whose post waits here. */
  const queued = new WeakSet<Socket>();
  let scheduled = false;
  /** Posts started in this turn; reset in the turn's last phase. */
  let startedThisTurn = 0;
  let lastSlice = 0;
  /** The connection taken in last, and when. */
  let lastArrival: { socket: Socket; at: number } | undefined;
  function counted(start: () => void) {
    // Reset in this turn's last phase, unless a slice runs there and counts them first.
    if (startedThisTurn++ === 0)
      setImmediate(() => {
        if (!scheduled) startedThisTurn = 0;
      });
    start();
  }
  function slice() {
    try {
      const oldest = waiting[0];
      // Connections still coming in: one taken in since the last slice that is not a waiting
      // post's own. Their pages and posts are read before the posts waiting here start.
      const arriving = lastArrival !== undefined && lastArrival.at > lastSlice && !queued.has(lastArrival.socket);
      const wait = arriving && oldest !== undefined && performance.now() - oldest.since < maxWaitMs;
      for (; !wait && startedThisTurn < perTurn && waiting.length; startedThisTurn++) waiting.shift()!.start();
    } finally {
      startedThisTurn = 0;
      lastSlice = performance.now();
      // Scheduled from this phase, the next slice runs in the next turn, after that turn's I/O.
      if (waiting.length) setImmediate(slice);
      else scheduled = false;
    }
  }
  return {
    /** A connection was taken in. */
    connectionArrived(socket: Socket) {
      lastArrival = { socket, at: performance.now() };
    },
    /**
     * Starts `start` now if fewer than `perTurn` posts started in this turn and none waits, else
     * in a later turn, unless its connection is gone by then. (A client that ends its side of
     * the connection as soon as its request is sent, which no browser does, may then get no
     * answer: Node drops a request whose connection's end it reads before the request starts.)
     */
    add(start: () => void, socket: Socket) {
      if (!waiting.length && startedThisTurn < perTurn) return counted(start);
      queued.add(socket);
      const run = () => {
        queued.delete(socket);
        if (!socket.destroyed) start();
      };
      waiting.push({ start: run, since: performance.now() });
      if (scheduled) return;
      scheduled = true;
      setImmediate(slice);
    },
  };
}

export interface ListenOptions {
  port: number;
  hostname: string;
  maxConnections: number;
  /**
   * Open connections one client address (an IPv6 /64) may hold; more are closed as they open.
   * Unset behind a reverse proxy, where every connection comes from the proxy.
   */
  maxConnectionsPerClient?: number;
  limits?: Partial<Record<keyof typeof httpLimits, number>>;
  /**
   * An answer the server gives as soon as the headers of a request that may carry a body (not GET
   * or HEAD) have arrived, without running the app or reading the body (uploads beyond the
   * intake's bound). The connection is closed after it.
   */
  answerAtHeaders?: (request: RequestHead) => HeadAnswer | undefined;
}

/** Serves a Hono app with the limits above; resolves once listening. */
export function listen(app: Hono, options: ListenOptions): Promise<{ server: Server; port: number }> {
  const limits = { ...httpLimits, ...options.limits };
  const firstRequest = new WeakMap<Socket, NodeJS.Timeout>();
  const unanswered = new WeakMap<Socket, number>();
  const listener = getRequestListener(app.fetch);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (its default, 30 s, would let them slip).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    (incoming, outgoing) => {
      const socket = incoming.socket;
      // A connection being closed (cut off below, or answered at its headers) serves nothing more:
      // the requests still parsed from what it sent are dropped without a look.
      if (socket.destroyed || socket.writableEnded) return;
      const waiting = (unanswered.get(socket) ?? 0) + 1;
      if (waiting > limits.maxPipelinedRequests) return void socket.destroy();
      unanswered.set(socket, waiting);
      outgoing.once("close", () => unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1));
      if (hostHeaders(incoming.rawHeaders) > 1) {
        outgoing.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
        outgoing.end("Bad request: more than one Host header");
        return;
      }
      const mayHaveBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const early = mayHaveBody ? options.answerAtHeaders?.(requestHead(incoming)) : undefined;
      if (early) return answerAndClose(incoming.socket, early, limits.refusedLingerMs);
      // An answer sent before its request's body has arrived whole ends the connection: Node would
      // otherwise read and discard the rest to reuse it, however long and finely chunked it is.
      outgoing.once("finish", () => {
        if (!incoming.complete) socket.destroySoon();
      });
      if (mayHaveBody) posts.add(() => void listener(incoming, outgoing), socket);
      else void listener(incoming, outgoing);
    },
  );
  const posts = postQueue({ perTurn: limits.postsPerTurn, maxWaitMs: limits.postMaxWaitMs });
  server.maxConnections = options.maxConnections;
  server.setTimeout(limits.socketIdleMs);
  // Node checks headersTimeout only for connections it counts as having a request under way; a
  // client that opens a connection and trickles its first header lines is cut off here instead.
  const perClient = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    posts.connectionArrived(socket);
    if (options.maxConnectionsPerClient) {
      const key = clientKey(socket.remoteAddress ?? "unknown");
      const open = (perClient.get(key) ?? 0) + 1;
      perClient.set(key, open);
      socket.once("close", () => {
        const left = (perClient.get(key) ?? 1) - 1;
        if (left > 0) perClient.set(key, left);
        else perClient.delete(key);
      });
      if (open > options.maxConnectionsPerClient) {
        socket.destroy();
        return;
      }
    }
    const deadline = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    deadline.unref();
    socket.once("close", () => clearTimeout(deadline));
    firstRequest.set(socket, deadline);
  });
  server.on("request", (request: IncomingMessage) => {
    // A connection being closed (answered at the headers, or cut off) sets no timers.
    if (request.socket.destroyed || request.socket.writableEnded) return;
    const deadline = firstRequest.get(request.socket);
    if (deadline) clearTimeout(deadline);
    // A request without a body (a page: no length, not chunked) is whole once its headers are in.
    const hasBody =
      request.headers["transfer-encoding"] !== undefined ||
      (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0");
    if (!hasBody) return;
    // Likewise the whole request, body included, must have arrived within requestTimeoutMs (a
    // lead, which is small, within leadRequestTimeoutMs).
    const isLead = (request.url ?? "").split("?")[0] === apiPaths.leads;
    const whole = setTimeout(
      () => {
        if (!request.complete) request.socket.destroy();
      },
      isLead ? limits.leadRequestTimeoutMs : limits.requestTimeoutMs,
    );
    whole.unref();
    // A body must keep arriving at the minimum rate; the socket's byte count is read, not the
    // stream, so the application still reads the body itself.
    const socket = request.socket;
    let counted = socket.bytesRead;
    const rate = setInterval(() => {
      if (request.complete) return clearInterval(rate);
      const arrived = socket.bytesRead - counted;
      counted = socket.bytesRead;
      if (arrived < (limits.minBodyBytesPerSecond * limits.bodyRateWindowMs) / 1000) socket.destroy();
    }, limits.bodyRateWindowMs);
    rate.unref();
    request.once("close", () => {
      clearTimeout(whole);
      clearInterval(rate);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : options.port });
    });
  });
}
