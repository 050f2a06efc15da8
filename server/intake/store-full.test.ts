import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { firm } from "../../core/firm";
import { testEnv, validLead } from "../../tests/support/intake";
import { logTo } from "../log";
import { createIntake, type Intake } from "./index";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const post = (intake: Intake, marker: number) =>
  intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${marker % 250}` },
    body: JSON.stringify({ ...validLead, message: `${validLead.message} ${"x".repeat(2000)} ${marker}` }),
  });

describe("a full disk", () => {
  it("answers leads 503 with the phone number, fails /readyz, and logs SQLITE_FULL as such", async () => {
    const level = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL;
    const lines: string[] = [];
    const restore = logTo((line) => lines.push(line));
    cleanups.push(() => {
      restore();
      process.env.LOG_LEVEL = level;
    });
    const intake = await createIntake(testEnv());
    cleanups.push(() => intake.close());
    expect((await intake.app.request("/readyz")).status).toBe(200);
    // The database may grow no further: SQLite answers SQLITE_FULL, as it does on a full disk.
    await sql`pragma max_page_count = 1`.execute(intake.store.db);
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const response = await post(intake, i);
      if (response.status !== 201) refused = response;
    }
    expect(refused?.status).toBe(503);
    expect(((await refused!.json()) as { error: string }).error).toContain(firm.phone);
    const ready = await intake.app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, store: "full" });
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toContainEqual(expect.objectContaining({ event: "store.full", code: "SQLITE_FULL" }));
    expect(lines.join("\n")).not.toContain("cannot rollback");
  });
});
