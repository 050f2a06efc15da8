import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";

/**
 * Timeouts and a connection cap. On the public internet nginx stands in front (deploy/nginx): it
 * reads every request whole, limits each client, and hands Node complete requests over loopback
 * (decisions 0033 and 0042). These bounds are Node's own, for the server run alone on one's
 * machine and as a backstop behind the proxy: a client that trickles headers or a body, or idles
 * on a kept-alive connection, is cut off instead of holding a connection for minutes.
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
      // An answer sent before its request's body has arrived whole ends the connection: Node would
      // otherwise read and discard the rest to reuse it, however long and finely chunked it is.
      outgoing.once("finish", () => {
        if (!incoming.complete) incoming.socket.destroySoon();
      });
      void listener(incoming, outgoing);
    },
  );
  server.maxConnections = options.maxConnections;
  server.setTimeout(limits.socketIdleMs);
  // Node checks headersTimeout only for connections it counts as having a request under way; a
  // client that opens a connection and trickles its first header lines is cut off here instead.
  server.on("connection", (socket: Socket) => {
    const deadline = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    deadline.unref();
    socket.once("close", () => clearTimeout(deadline));
    firstRequest.set(socket, deadline);
  });
  server.on("request", (request: IncomingMessage) => {
    const deadline = firstRequest.get(request.socket);
    if (deadline) clearTimeout(deadline);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : options.port });
    });
  });
}
