import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "../core/i18n";
import { applicationForm, testEnv } from "../tests/support/intake";
import { apiAnswersAtHeaders, createApp } from "./app";
import type { RequestHead } from "./http";
import { listen } from "./http";
import { createIntake } from "./intake";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const site = "https://site.example";
const boundary = "TestBoundary";
const multipart = `multipart/form-data; boundary=${boundary}`;

/** The intake with the site's app, behind one trusted proxy (clients told apart by X-Forwarded-For). */
async function intakeApp(now?: () => Date) {
  const env = testEnv({ TRUST_PROXY: "1" });
  const intake = await createIntake(env, { pollMs: 60_000, ...(now ? { now } : {}) });
  cleanups.push(() => intake.close());
  const allowedOrigins = new Set([site]);
  const app = createApp({ api: intake.app, trustedHops: 1, allowedOrigins });
  const atHeaders = apiAnswersAtHeaders({ refuse: intake.refuseAtHeaders, trustedHops: 1, allowedOrigins });
  return { app, atHeaders };
}

describe("uploads beyond the bound, turned away at their headers", () => {
  it("answers 503 with Retry-After and Connection: close at once, without reading the bodies, and takes uploads again once there is room", async () => {
    const { app, atHeaders } = await intakeApp();
    const { server, port } = await listen(app, {
      port: 0,
      hostname: "127.0.0.1",
      maxConnections: 64,
      answerAtHeaders: atHeaders,
      limits: { bodyRateWindowMs: 60_000 },
    });
    const serverSockets: Socket[] = [];
    server.on("connection", (socket: Socket) => serverSockets.push(socket));
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const head = (client: string, length: number, extra = "") =>
      `POST /api/careers HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${client}\r\nContent-Type: ${multipart}\r\nContent-Length: ${length}\r\n${extra}\r\n`;
    // Four applicants are sending their files: as many as are read at once.
    const sending = [1, 2, 3, 4].map((i) => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      socket.write(`${head(`198.51.100.${i}`, 1_000_000)}--${boundary}\r\n`);
      return socket;
    });
    // Asked at its headers, a fifth applicant is turned away once the server holds the four.
    const fifth: RequestHead = {
      method: "POST",
      url: "/api/careers",
      headers: { "x-forwarded-for": "198.51.100.5", "content-type": multipart, "content-length": "1000" },
      remoteAddress: "127.0.0.1",
    };
    const full = () => atHeaders(fifth) !== undefined;
    while (!full()) await new Promise((resolve) => setTimeout(resolve, 20));

    // Forty more send 1 MB each at once, from the site's page, in Spanish.
    const body = Buffer.alloc(1024 * 1024, 0x20);
    const refusedClients = Array.from({ length: 40 }, (_, i) => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      let reply = "";
      let localPort = 0;
      socket.on("connect", () => (localPort = socket.localPort ?? 0));
      socket.on("data", (data: Buffer) => (reply += data.toString()));
      const ended = new Promise<string>((resolve) => socket.on("end", () => resolve(reply)));
      socket.write(head(`203.0.113.${i + 10}`, body.length, `Origin: ${site}\r\nAccept-Language: es\r\n`));
      socket.write(body);
      return { socket, ended, port: () => localPort };
    });
    const replies = await Promise.all(refusedClients.map((c) => c.ended));
    expect(new Set(replies.map((reply) => reply.split("\r\n")[0]))).toEqual(
      new Set(["HTTP/1.1 503 Service Unavailable"]),
    );
    // The server took one read from each (64 KiB, the headers and what came with them), no more.
    const read = refusedClients.map(({ port }) => serverSockets.find((s) => s.remotePort === port())!.bytesRead);
    expect(Math.max(...read)).toBeLessThanOrEqual(64 * 1024);
    const reply = replies[0]!;

    const lines = reply.split("\r\n\r\n")[0]!.split("\r\n").slice(1);
    const headers = new Map(
      lines.map((line) => [line.split(":")[0]!.toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    expect(headers.get("retry-after")).toBe("5");
    expect(headers.get("connection")).toBe("close");
    expect(headers.get("access-control-allow-origin")).toBe(site);
    expect(JSON.parse(reply.split("\r\n\r\n")[1]!)).toEqual({ ok: false, error: messages("es").result.busy });
    for (const { socket } of refusedClients) socket.destroy();

    // Once the four are gone, an application is read and stored as usual.
    for (const socket of sending) socket.destroy();
    while (full()) await new Promise((resolve) => setTimeout(resolve, 20));
    const stored = await fetch(`http://127.0.0.1:${port}/api/careers`, {
      method: "POST",
      headers: { "x-forwarded-for": "203.0.113.5" },
      body: applicationForm(),
    });
    expect(stored.status).toBe(201);
  }, 60_000);

  it("gives the slot of an upload arriving too slowly to a new one, while every slot is taken", async () => {
    const clock = { now: Date.now() };
    const { app, atHeaders } = await intakeApp(() => new Date(clock.now));
    // Four uploads in progress whose bodies brought 1 MB at once and then next to nothing (just
    // enough not to be cut off by the connection's minimum rate, which this test does not run).
    const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
    const settled = new Set<number>();
    const sending = [1, 2, 3, 4].map((i) =>
      Promise.resolve(
        app.request("/api/careers", {
          method: "POST",
          headers: { "x-forwarded-for": `198.51.100.${i}`, "content-type": multipart },
          body: new ReadableStream<Uint8Array>({
            start(controller) {
              streams.push(controller);
              controller.enqueue(Buffer.concat([Buffer.from(`--${boundary}\r\n`), Buffer.alloc(1024 * 1024, 0x61)]));
            },
          }),
          duplex: "half",
        } as RequestInit),
      ).then((response) => {
        settled.add(i);
        return response.status;
      }),
    );
    cleanups.push(async () => {
      // The upload refused has had its stream cancelled already.
      for (const [i, stream] of streams.entries()) if (!settled.has(i + 1)) stream.close();
      await Promise.all(sending);
    });
    // Until the four hold every slot, a fifth applicant asked at its headers would be let in.
    const fifth: RequestHead = {
      method: "POST",
      url: "/api/careers",
      headers: { "x-forwarded-for": "198.51.100.5", "content-type": multipart, "content-length": "1000" },
      remoteAddress: "127.0.0.1",
    };
    while (atHeaders(fifth) === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    const apply = (client: string) =>
      app.request("/api/careers", {
        method: "POST",
        headers: { "x-forwarded-for": client },
        body: applicationForm(),
      });
    // Just started, they keep their slots.
    expect((await apply("203.0.113.5")).status).toBe(503);
    // Ten seconds on, nothing more has come (100 KB/s on average since they started, none in the
    // last five seconds): the slowest gives its slot to the next application.
    clock.now += 10_000;
    expect((await apply("203.0.113.6")).status).toBe(201);
    // The upload that gave its slot away is answered 503 when more of it arrives; the others wait.
    for (const stream of streams) {
      try {
        stream.enqueue(new TextEncoder().encode("x"));
      } catch {
        // Already cancelled: the server stopped reading the upload whose slot it gave away.
      }
    }
    await expect.poll(() => settled.size).toBe(1);
    expect(await sending[[...settled][0]! - 1]).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled.size).toBe(1);
  });

  it("gives the same answer as the app would, in JSON and as the no-JavaScript page, and leaves a foreign page's post to the app", async () => {
    const { app, atHeaders } = await intakeApp();
    // Four uploads in progress, each waiting for the rest of its body.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const sending = [1, 2, 3, 4].map((i) =>
      app.request("/api/careers", {
        method: "POST",
        headers: { "x-forwarded-for": `198.51.100.${i}`, "content-type": multipart },
        body: new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode(`--${boundary}\r\n`));
            await finished;
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit),
    );
    cleanups.push(async () => {
      finish();
      await Promise.all(sending.map((response) => Promise.resolve(response)));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const comparable = (headers: Iterable<[string, string]>) =>
      Object.fromEntries(
        [...headers]
          .map(([name, value]): [string, string] => [name.toLowerCase(), value])
          .filter(([name]) => !["connection", "content-length", "date"].includes(name))
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    const variants: Record<string, string>[] = [
      { origin: site, "accept-language": "es" },
      { accept: "text/html", "x-forwarded-proto": "https" },
    ];
    for (const extra of variants) {
      const headers: Record<string, string> = {
        "x-forwarded-for": "203.0.113.5",
        "content-type": multipart,
        "content-length": "1000",
        "x-request-id": "proxy-id-1",
        ...extra,
      };
      const request: RequestHead = { method: "POST", url: "/api/careers", headers, remoteAddress: "127.0.0.1" };
      const early = atHeaders(request);
      const viaApp = await app.request("/api/careers", { method: "POST", headers, body: "x".repeat(1000) });
      expect(early?.status).toBe(viaApp.status);
      expect(early?.body).toBe(await viaApp.text());
      expect(comparable(Object.entries(early?.headers ?? {}))).toEqual(comparable(viaApp.headers));
    }
    // A post from a foreign page gets the app's 403, busy or not.
    expect(
      atHeaders({
        method: "POST",
        url: "/api/careers",
        headers: { origin: "https://evil.example", "content-type": multipart },
        remoteAddress: "127.0.0.1",
      }),
    ).toBeUndefined();
  });
});
