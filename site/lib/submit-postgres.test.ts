import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { listen } from "../../server/http";
import { createIntake, type Intake } from "../../server/intake";
import { pgBin, startPgCluster, type PgCluster } from "../../tests/support/pg-cluster";
import { testEnv, validLead } from "../../tests/support/intake";
import { postForm } from "./submit";

/**
 * The browser's sending code against the real intake server while its PostgreSQL is down: the
 * form's first try is answered 503 with Retry-After, the database comes back meanwhile, and the
 * form's own retry stores the lead. The visitor sees one submission that worked.
 */
describe.skipIf(!pgBin("initdb"))("sending a form while the database is restarting", () => {
  let cluster: PgCluster;
  let intake: Intake;
  let close: () => Promise<void>;
  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.shutDown();
    intake = await createIntake(testEnv({ DATABASE_URL: cluster.url }), { pollMs: 60_000, busyBudgetMs: 100 });
    const { server, port } = await listen(createApp({ api: intake.app }), {
      port: 0,
      hostname: "127.0.0.1",
      maxConnections: 64,
    });
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    vi.stubEnv("VITE_API_ORIGIN", `http://127.0.0.1:${port}`);
    vi.stubGlobal("window", globalThis);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    await close?.();
    await intake?.close();
    cluster?.stop();
  });

  it("waits the server's Retry-After and sends again, and the lead is stored once the database is back", async () => {
    const send = globalThis.fetch;
    const statuses: number[] = [];
    let databaseBack: Promise<void> | undefined;
    // The real fetch, watched: the database is started when the first refusal arrives.
    vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
      const response = await send(...args);
      statuses.push(response.status);
      if (response.status === 503) databaseBack ??= cluster.startUp();
      return response;
    });
    const answer = await postForm("leads", validLead);
    await databaseBack;

    // Refused while the database was away (twice if it took long to start), then stored.
    expect(statuses.at(-1)).toBe(201);
    expect(statuses.slice(0, -1)).toContain(503);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([503]));
    const stored = await intake.store.db.selectFrom("submissions").select("id").execute();
    expect(stored.map((row) => row.id)).toEqual([answer.id]);
  }, 60_000);
});
