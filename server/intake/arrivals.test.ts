import { afterEach, describe, expect, it } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import { applicationForm, testEnv } from "../../tests/support/intake";
import { createArrivals, giveWay } from "./arrivals";
import { createIntake, type Intake } from "./index";

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

  it("is still taken in within about a second while the posts never stop", async () => {
    const { status, started, answeredAt } = await applyDuringPosts(5000);
    expect(status).toBe(201);
    expect(answeredAt - started).toBeGreaterThanOrEqual(900);
    expect(answeredAt - started).toBeLessThan(2500);
  });
});
