import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import { applicationForm, testEnv } from "../../tests/support/intake";
import { createArrivals, giveWay, type Arrivals, type GiveWayOptions } from "./arrivals";
import { createIntake, type Intake } from "./index";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

describe("an upload let in while other posts keep arriving", () => {
  const intakes: Intake[] = [];
  afterEach(async () => {
    for (const intake of intakes.splice(0)) await intake.close();
  });

  /** Sends empty leads (each turned away with 400) every 10 ms until `until()`; resolves with when it stopped. */
  async function keepPosting(intake: Intake, until: () => boolean): Promise<number> {
    while (!until()) {
      const refused = await intake.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(refused.status).toBe(400);
      await sleep(10);
    }
    return Date.now();
  }

  async function applyDuringPosts(postsFor: number) {
    const intake = await createIntake(testEnv(), { pollMs: 60_000 });
    intakes.push(intake);
    const started = Date.now();
    let answeredAt = 0;
    const application = (async () => {
      const response = await intake.app.request("/api/careers", {
        method: "POST",
        body: applicationForm(new File([pdfBytes()], "cv.pdf", { type: "application/pdf" })),
      });
      answeredAt = Date.now();
      return response.status;
    })();
    const stoppedAt = await keepPosting(intake, () => answeredAt > 0 || Date.now() - started > postsFor);
    return { status: await application, started, answeredAt, stoppedAt };
  }

  it("is taken in once the burst has passed, so the burst's turns stay short", async () => {
    const { status, answeredAt, stoppedAt } = await applyDuringPosts(400);
    expect(status).toBe(201);
    expect(answeredAt).toBeGreaterThanOrEqual(stoppedAt);
  });

  it("is still taken in while the posts never stop", async () => {
    // The posts would go on for 30 s: an upload answered well before they end was not starved.
    const { status, started, answeredAt, stoppedAt } = await applyDuringPosts(30_000);
    expect(status).toBe(201);
    // (How long it gave way first is the giveWay tests' business, on a fake clock: here, on a
    // loaded machine, gaps between the posts can pass for quiet.)
    expect(answeredAt).toBeLessThanOrEqual(stoppedAt);
    expect(answeredAt - started).toBeLessThan(15_000);
  }, 60_000);
});
