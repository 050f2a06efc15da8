import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGroupCommit, groupCommitBatch } from "./group-commit";
import { createIntake } from "../index";
import { createMailer, emailDeliverer } from "../destinations/mail";
import { startOutbox } from "../outbox/index";
import { openStore, type Store } from "../store";
import { startSmtp, submissionRow, tempDir, testEnv, validLead, waitFor } from "../../../tests/support/intake";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sqliteStore(): Promise<Store> {
  const store = await openStore(`file:${join(tempDir(), "leads.db")}`);
  cleanups.push(() => store.close());
  return store;
}

describe("group commit", () => {
  it("writes the leads of one burst in few transactions and resolves each only once it is stored", async () => {
    const store = await sqliteStore();
    let commits = 0;
    const counting = { ...store.db, transaction: () => ((commits += 1), store.db.transaction()) } as Store["db"];
    const writer = createGroupCommit(counting, ["email"]);
    const ids = Array.from({ length: 300 }, (_, i) => `lead-${i}`);
    await Promise.all(ids.map((id) => writer.insert(submissionRow(id), true)));
    const stored = await store.db.selectFrom("submissions").select("id").execute();
    const outbox = await store.db.selectFrom("outbox").select("submission_id").execute();
    expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(outbox).toHaveLength(300);
    expect(commits).toBe(Math.ceil(300 / groupCommitBatch));
  });

  it("lets the event loop take a turn between the batches of a burst", async () => {
    const store = await sqliteStore();
    const writer = createGroupCommit(store.db, ["email"]);
    let stored = 0;
    const writes = Array.from({ length: 300 }, (_, i) =>
      writer.insert(submissionRow(`lead-${i}`), true).then(() => stored++),
    );
    // Queued after the writer's first turn: it runs once that batch is stored, before the next.
    const storedAtNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(stored)));
    await Promise.all(writes);
    expect(storedAtNextTurn).toBe(groupCommitBatch);
    expect(stored).toBe(300);
  });

  it("fails only the bad row of a batch, and stores its neighbours", async () => {
    const store = await sqliteStore();
    const writer = createGroupCommit(store.db, ["email"]);
    await writer.insert(submissionRow("taken"), false);
    const results = await Promise.allSettled([
      writer.insert(submissionRow("first"), true),
      writer.insert(submissionRow("taken"), true),
      writer.insert(submissionRow("last"), true),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const stored = await store.db.selectFrom("submissions").select("id").orderBy("id").execute();
    expect(stored.map((r) => r.id)).toEqual(["first", "last", "taken"]);
  });
});

describe("several instances on one store", () => {
  it("two outbox workers deliver each lead exactly once", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const env = testEnv({ SMTP_URL: smtp.url });
    const intake = await createIntake(env, { pollMs: 20 });
    cleanups.push(() => intake.close());
    const second = await openStore(env.DATABASE_URL);
    const mailer = createMailer(smtp.url, env.MAIL_DIR);
    const worker = startOutbox(second.db, [emailDeliverer(mailer, env.MAIL_FROM, env.LEADS_EMAIL_TO)], {
      pollMs: 20,
      owner: "second-worker",
      maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
      alertAfterMinutes: env.ALERT_AFTER_MINUTES,
      alertChannels: [],
    });
    cleanups.push(async () => {
      await worker.stop();
      mailer.close();
      await second.close();
    });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        Promise.resolve(
          intake.app.request("/api/leads", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(validLead),
          }),
        ),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    // Every row marked sent: no delivery is in flight, so a second copy could not still arrive.
    await waitFor(async () =>
      (await intake.store.db.selectFrom("outbox").select("sent_at").execute()).every((r) => r.sent_at !== null),
    );
    const ids = smtp.received.map((m) => /X-Lead-ID: (\S+)/i.exec(m.raw)?.[1]);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});
