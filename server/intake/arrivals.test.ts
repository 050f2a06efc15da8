import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createArrivals, giveWay, type Arrivals, type GiveWayOptions } from "./arrivals";

describe("giving way to arriving requests", () => {
  // The clock is Vitest's: the waits below are exact, however loaded the machine.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Starts `giveWay` and tells when (on the fake clock) it resolved; 0 while it waits. */
  function waiting(arrivals: Arrivals, options: GiveWayOptions) {
    const state = { resumedAt: 0 };
    const done = giveWay(arrivals, options).then(() => void (state.resumedAt = Date.now()));
    return { state, done };
  }

  it("goes on at once when no request has arrived lately", async () => {
    const started = Date.now();
    const { state } = waiting(createArrivals(), { quietMs: 200, maxMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.resumedAt).toBe(started);
  });

  it("waits until requests have stopped arriving for the quiet time", async () => {
    const arrivals = createArrivals();
    arrivals.arrived();
    const { state, done } = waiting(arrivals, { quietMs: 60, maxMs: 2000 });
    // A request every 10 ms for 300 ms: the wait goes on throughout.
    for (let i = 0; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(10);
      expect(state.resumedAt).toBe(0);
      arrivals.arrived();
    }
    const lastArrival = Date.now();
    await vi.advanceTimersByTimeAsync(59);
    expect(state.resumedAt).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(state.resumedAt).toBe(lastArrival + 60);
  });

  it("waits no longer than its longest wait while requests never stop, and a cancel ends it", async () => {
    const arrivals = createArrivals();
    let arriving = true;
    const flood = (async () => {
      while (arriving) {
        arrivals.arrived();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = Date.now();
    const first = waiting(arrivals, { quietMs: 60, maxMs: 250 });
    await vi.advanceTimersByTimeAsync(249);
    expect(first.state.resumedAt).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await first.done;
    expect(first.state.resumedAt).toBe(started + 250);

    let cancelled = false;
    const again = Date.now();
    const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 10)));
    const second = waiting(arrivals, { quietMs: 60, maxMs: 5000, pause, cancelled: () => cancelled });
    await vi.advanceTimersByTimeAsync(50);
    expect(second.state.resumedAt).toBe(0);
    cancelled = true;
    await vi.advanceTimersByTimeAsync(10);
    await second.done;
    expect(second.state.resumedAt).toBeLessThanOrEqual(again + 60);
    arriving = false;
    await vi.advanceTimersByTimeAsync(5);
    await flood;
  });
});
