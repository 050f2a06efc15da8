import { afterEach, describe, expect, it } from "vitest";
import { applicationForm, testEnv, validLead } from "../tests/support/intake";
import { pdfBytes } from "../tests/support/files";
import { createIntake, type Intake } from "./intake";
import { watchLoopLoad } from "./loop-load";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event loop's load", () => {
  it("reads loaded while the loop works most of the time, and not once it waits again", async () => {
    const load = watchLoopLoad({ windowMs: 50, threshold: 0.75 });
    cleanups.push(load.stop);
    await sleep(120);
    expect(load.loaded()).toBe(false);
    // Work without a pause, as a burst of requests would, then let the sampler read the window.
    // (Short pauses in between stretch to tens of milliseconds when neighbours hold both cores,
    // and the window then reads mostly idle.)
    const until = Date.now() + 250;
    while (Date.now() < until);
    await sleep(0);
    expect(load.loaded()).toBe(true);
    await sleep(120);
    expect(load.loaded()).toBe(false);
  });
});

describe("uploads give way to pages and leads under load", () => {
  async function start(loaded: boolean) {
    const intake = await createIntake(testEnv(), { pollMs: 60_000, loopLoad: { loaded: () => loaded, stop() {} } });
    cleanups.push(() => intake.close());
    return intake;
  }
  const application = () => applicationForm(new File([pdfBytes()], "cv.pdf", { type: "application/pdf" }));

  it("answers an upload 503 with Retry-After while the loop is loaded, at its headers too, and still accepts leads", async () => {
    const intake: Intake = await start(true);
    const upload = await intake.app.request("/api/careers", { method: "POST", body: application() });
    expect(upload.status).toBe(503);
    expect(upload.headers.get("retry-after")).toBe("5");
    const atHeaders = intake.refuseAtHeaders(
      {
        method: "POST",
        url: "/api/careers",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": "2000" },
        remoteAddress: "192.0.2.7",
      },
      "/api/careers",
    );
    expect(atHeaders?.status).toBe(503);
    const lead = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(lead.status).toBe(201);
  });

  it("accepts the same upload when the loop is not loaded", async () => {
    const intake = await start(false);
    const upload = await intake.app.request("/api/careers", { method: "POST", body: application() });
    expect(upload.status).toBe(201);
  });
});
