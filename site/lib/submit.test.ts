import SQLite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testEnv, validLead } from "../../tests/support/intake";
import { createApp } from "../../server/app";
import { listen } from "../../server/http";
import { createIntake, type Intake } from "../../server/intake";
import { BusyError, postForm } from "./submit";

/** The browser's sending code against the real intake server while another process holds the store's lock. */
describe("sending a form while the store is busy", () => {
  let intake: Intake;
  let lock: SQLite.Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const env = testEnv();
    intake = await createIntake(env, { pollMs: 60_000, busyBudgetMs: 100 });
    const { server, port } = await listen(createApp({ api: intake.app }), {
      port: 0,
      hostname: "127.0.0.1",
      maxConnections: 64,
    });
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    vi.stubEnv("VITE_API_ORIGIN", `http://127.0.0.1:${port}`);
    vi.stubGlobal("window", globalThis);
    lock = new SQLite(env.DATABASE_URL.replace(/^file:/, ""));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    lock.close();
    await close();
    await intake.close();
  });

  /**
   * The waits and the clock are fake (the server's and the browser's alike: one process) and move
   * a quarter second per turn of the event loop, while the real network and database go on
   * between turns: no test sleeps through a Retry-After.
   */
  async function settled<T>(sending: Promise<T>): Promise<T> {
    let done = false;
    sending.then(
      () => (done = true),
      () => (done = true),
    );
    while (!done) {
      await vi.advanceTimersByTimeAsync(250);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return sending;
  }
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] }));
  afterEach(() => void vi.useRealTimers());

  it("sends again after Retry-After and succeeds once the lock is gone", async () => {
    lock.exec("BEGIN IMMEDIATE");
    setTimeout(() => lock.exec("ROLLBACK"), 1000);
    const started = Date.now();
    const answer = await settled(postForm("leads", validLead));
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await intake.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(1);
    // Refused while locked, then sent again after the wait the server asked for (capped at 4 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    // The lead's delivery runs on the same clock: let it finish before the clock turns real again.
    await settled(intake.flush());
  });

  it("gives up with BusyError when the store stays busy, so the form can say so", async () => {
    lock.exec("BEGIN IMMEDIATE");
    try {
      await expect(settled(postForm("leads", validLead))).rejects.toBeInstanceOf(BusyError);
    } finally {
      lock.exec("ROLLBACK");
    }
  });
});
