import { describe, expect, it } from "vitest";
import { createArrivals, giveWay } from "./arrivals";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("giving way to arriving requests", () => {
  it("goes on at once when no request has arrived lately", async () => {
    const arrivals = createArrivals();
    const started = Date.now();
    await giveWay(arrivals, { quietMs: 200, maxMs: 1000 });
    expect(Date.now() - started).toBeLessThan(50);
  });

  it("waits until requests have stopped arriving for the quiet time", async () => {
    const arrivals = createArrivals();
    let lastArrival = 0;
    const arriving = (async () => {
      for (const stop = Date.now() + 300; Date.now() < stop; await sleep(10)) {
        arrivals.arrived();
        lastArrival = Date.now();
      }
    })();
    await sleep(5);
    await giveWay(arrivals, { quietMs: 60, maxMs: 2000 });
    const resumed = Date.now();
    await arriving;
    expect(resumed - lastArrival).toBeGreaterThanOrEqual(55);
    expect(resumed - lastArrival).toBeLessThan(200);
  });

  it("waits no longer than its longest wait while requests never stop, and a cancel ends it", async () => {
    const arrivals = createArrivals();
    let arriving = true;
    const flood = (async () => {
      while (arriving) {
        arrivals.arrived();
        await sleep(5);
      }
    })();
    const started = Date.now();
    await giveWay(arrivals, { quietMs: 60, maxMs: 250 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(245);
    expect(Date.now() - started).toBeLessThan(450);
    let cancelled = false;
    setTimeout(() => (cancelled = true), 50);
    const again = Date.now();
    await giveWay(arrivals, { quietMs: 60, maxMs: 5000, pause: () => sleep(10), cancelled: () => cancelled });
    expect(Date.now() - again).toBeLessThan(250);
    arriving = false;
    await flood;
  });
});
