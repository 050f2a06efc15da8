import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { startSmtp, validLead, waitFor, type TestSmtp } from "../../tests/support/intake";
import { loadEnv } from "../env";
import { createIntake, type Intake } from "./index";

const skip = !pgBin("initdb");

describe.skipIf(skip)("two instances on one PostgreSQL", () => {
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  let smtp: TestSmtp;
  const instances: Intake[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await smtp?.close();
    cluster?.stop();
  });

  it("deliver every lead once while the mail server holds its answer to DATA past the lease", async () => {
    const leaseMs = 600;
    // Both instances read the time from this clock, so a lease ends only when the test moves it
    // on, never because a loaded machine was slow to renew it.
    const clock = { now: Date.now() };
    // The mail server takes each message but holds its answer until the test releases it.
    smtp.state.hold = true;
    for (const name of ["web-1", "web-2"])
      instances.push(
        await createIntake(
          loadEnv({
            DATABASE_URL: cluster.url,
            SMTP_URL: smtp.url,
            RATE_LIMIT_PER_MINUTE: "1000",
            INSTANCE_ID: name,
            UPLOAD_SHED_LOAD: "off",
          }),
          { pollMs: 50, leaseMs, now: () => new Date(clock.now) },
        ),
      );
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await instances[i % 2]!.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validLead),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const db = instances[0]!.store.db;
    const leased = () => db.selectFrom("outbox").select(["lease_until"]).where("lease_owner", "is not", null).execute();
    await waitFor(() => smtp.held() > 0);
    // Half a lease at a time, three times: a lease nobody renewed would have run out by the second
    // step and the other instance would send a second copy. Each step waits until every lease
    // held has been renewed from the new time before moving the clock again.
    for (let step = 0; step < 3; step++) {
      clock.now += leaseMs / 2;
      await waitFor(async () =>
        (await leased()).every((row) => new Date(row.lease_until!).getTime() >= clock.now + leaseMs),
      );
    }
    smtp.state.hold = false;
    smtp.release();
    await waitFor(async () => {
      smtp.release();
      return (await db.selectFrom("outbox").select("sent_at").execute()).every((r) => r.sent_at);
    });
    // A copy the other instance started would still be waiting for its answer: stopping an
    // instance waits for the deliveries it has under way, so after this every copy has landed.
    for (const instance of instances.splice(0)) await instance.close();
    const received = smtp.received.map((m) => /X-Lead-ID: (\S+)/i.exec(m.raw)?.[1]);
    expect(received.sort()).toEqual([...ids].sort());
  });
});
