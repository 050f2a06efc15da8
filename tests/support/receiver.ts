import { createServer, type IncomingHttpHeaders } from "node:http";

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers one request: a status, or `hold` (never answer: a receiver that hangs). */
export type Answer = number | "hold";

/**
 * A real HTTP receiver on loopback for webhook and CRM tests: records every request and answers
 * what `answer` decides (204 by default).
 */
export async function startReceiver(answer: (request: ReceivedRequest, index: number) => Answer = () => 204) {
  const received: ReceivedRequest[] = [];
  const state = { answer };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const outcome = state.answer(request, received.length - 1);
      if (outcome === "hold") return;
      res
        .writeHead(outcome, { "content-type": "application/json" })
        .end(outcome < 300 ? '{"ok":true}' : '{"error":"no"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TestReceiver = Awaited<ReturnType<typeof startReceiver>>;
