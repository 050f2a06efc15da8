import { createServer, type Server, type Socket, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeliveryError, postJson } from "./deliverer";

describe("posting to a receiver", () => {
  let receiver: Server;
  let url = "";
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Answers its status line, then one more byte of its headers every 100 ms, for ever.
    receiver = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.once("data", () => {
        socket.write("HTTP/1.1 200 OK\r\n");
        const drip = setInterval(() => socket.write("X"), 100);
        socket.on("close", () => {
          clearInterval(drip);
          sockets.delete(socket);
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("gives a receiver that trickles its answer the same time as one that says nothing", async () => {
    const started = performance.now();
    const sent = postJson(url, "{}", {}, new AbortController().signal, 500);
    await expect(sent).rejects.toThrow(DeliveryError);
    await expect(sent).rejects.toThrow("no answer within 0.5 s");
    expect(performance.now() - started).toBeLessThan(2000);
    // The connection is closed, not left to the receiver.
    await expect.poll(() => sockets.size).toBe(0);
  }, 10_000);
});
