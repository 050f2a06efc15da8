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
    // The mail server takes each message but answers only after more than twice the lease.
    smtp.state.delayMs = 1300;
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
          { pollMs: 50, leaseMs },
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
    await waitFor(
      async () =>
        (await instances[0]!.store.db.selectFrom("outbox").select("sent_at").execute()).every((r) => r.sent_at),
      20_000,
    );
    // A copy the other instance started would still be waiting for its answer: stopping an
    // instance waits for the deliveries it has under way, so after this every copy has landed.
    for (const instance of instances.splice(0)) await instance.close();
    const received = smtp.received.map((m) => /X-Lead-ID: (\S+)/i.exec(m.raw)?.[1]);
    expect(received.sort()).toEqual([...ids].sort());
  });
});
