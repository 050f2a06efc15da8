import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

  it("sends again after Retry-After and succeeds once the lock is gone", async () => {
    lock.exec("BEGIN IMMEDIATE");
    setTimeout(() => lock.exec("ROLLBACK"), 1000);
    const answer = await postForm("leads", validLead);
    expect(answer).toMatchObject({ ok: true });
    expect(await intake.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(1);
  }, 20_000);

  it("gives up with BusyError when the store stays busy, so the form can say so", async () => {
    lock.exec("BEGIN IMMEDIATE");
    try {
      await expect(postForm("leads", validLead)).rejects.toBeInstanceOf(BusyError);
    } finally {
      lock.exec("ROLLBACK");
    }
  }, 20_000);
});
