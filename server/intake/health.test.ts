import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { submissionRow, tempDir } from "../../tests/support/intake";
import { healthRoutes } from "./health";
import { openStore, type Store } from "./store";

let store: Store | undefined;
afterEach(async () => {
  await store?.close().catch(() => undefined);
  store = undefined;
});

/** A store with one lead whose email has waited since `createdAt`. */
async function storeWithPending(createdAt: string): Promise<Store> {
  const opened = await openStore(`file:${join(tempDir(), "leads.db")}`);
  await opened.db
    .insertInto("submissions")
    .values(submissionRow("lead-1", { created_at: createdAt }))
    .execute();
  await opened.db
    .insertInto("outbox")
    .values({
      submission_id: "lead-1",
      destination: "email",
      attempts: 0,
      next_attempt_at: createdAt,
      created_at: createdAt,
    })
    .execute();
  return opened;
}

type Ready = { ok: boolean; outbox?: { oldestPendingSeconds: number | null } };

describe("/readyz", () => {
  it("works the backlog out at most once a second, and still asks the store on every request", async () => {
    const clock = { now: Date.parse("2026-03-01T12:00:00Z") };
    store = await storeWithPending("2026-03-01T11:59:00Z");
    const app = healthRoutes(store, { now: () => new Date(clock.now), closing: () => false });
    const ready = async () => {
      const response = await app.request("/readyz");
      return { status: response.status, body: (await response.json()) as Ready };
    };
    expect(await ready()).toMatchObject({ status: 200, body: { outbox: { oldestPendingSeconds: 60 } } });
    // A minute later by the clock, within the same second of real time: the same backlog, not
    // another pass over every outbox row (anyone may ask /readyz as often as they like).
    clock.now += 60_000;
    expect(await ready()).toMatchObject({ status: 200, body: { outbox: { oldestPendingSeconds: 60 } } });
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await ready()).toMatchObject({ status: 200, body: { outbox: { oldestPendingSeconds: 120 } } });
    // A store that stopped answering is reported at once, whatever backlog was worked out before.
    await store.close();
    expect(await ready()).toEqual({ status: 503, body: { ok: false, store: "unreachable" } });
  });
});
