import { createServer, type Server } from "node:http";
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
} as const;

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
}

/** Serves a Hono app with the limits above; resolves once listening. */
export function listen(app: Hono, options: ListenOptions): Promise<{ server: Server; port: number }> {
  const limits = { ...httpLimits, ...options.limits };
  const firstRequest = new WeakMap<Socket, NodeJS.Timeout>();
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
      if (hostHeaders(incoming.rawHeaders) > 1) {
        outgoing.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
        outgoing.end("Bad request: more than one Host header");
        return;
      }
      void listener(incoming, outgoing);
    },
  );
  server.maxConnections = options.maxConnections;
  server.setTimeout(limits.socketIdleMs);
  // Node checks headersTimeout only for connections it counts as having a request under way; a
  // client that opens a connection and trickles its first header lines is cut off here instead.
  const perClient = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
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
  server.on("request", (request) => {
    const deadline = firstRequest.get(request.socket);
    if (deadline) clearTimeout(deadline);
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
