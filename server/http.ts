import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";

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
} as const;

export interface ListenOptions {
  port: number;
  hostname: string;
  maxConnections: number;
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
    (incoming, outgoing) => void listener(incoming, outgoing),
  );
  server.maxConnections = options.maxConnections;
  server.setTimeout(limits.socketIdleMs);
  // Node checks headersTimeout only for connections it counts as having a request under way; a
  // client that opens a connection and trickles its first header lines is cut off here instead.
  server.on("connection", (socket) => {
    const deadline = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    deadline.unref();
    socket.once("close", () => clearTimeout(deadline));
    firstRequest.set(socket, deadline);
  });
  server.on("request", (request) => {
    const deadline = firstRequest.get(request.socket);
    if (deadline) clearTimeout(deadline);
    // Likewise the whole request, body included, must have arrived within requestTimeoutMs.
    const whole = setTimeout(() => {
      if (!request.complete) request.socket.destroy();
    }, limits.requestTimeoutMs);
    whole.unref();
    request.once("close", () => clearTimeout(whole));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : options.port });
    });
  });
}
