import { afterEach, describe, expect, it } from "vitest";
import { submissionRow, testEnv, validLead, waitFor } from "../../../tests/support/intake";
import { createIntake, type Intake } from "../index";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function intakeWith(vars: Record<string, string> = {}) {
  const intake = await createIntake(testEnv(vars));
  cleanups.push(() => intake.close());
  return intake;
}

/** A bot's lead: the honeypot filled, every text field as long as the form allows. */
const honeypotLead = (n: number) => ({
  ...validLead,
  company: "Acme SEO",
  message: `${n} ${"Buy backlinks now. ".repeat(263)}`,
});

const post = async (intake: Intake, body: unknown) =>
  (
    await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).status;

const storedSpam = (intake: Intake) =>
  intake.store.db
    .selectFrom("submissions")
    .select(["message", "details", "created_at"])
    .where("status", "in", ["spam", "suspected-spam"])
    .execute();

describe("what spam may store", () => {
  it("keeps a few KB of each spam lead, not the whole of it", async () => {
    const intake = await intakeWith();
    expect(await post(intake, honeypotLead(1))).toBe(201);
    const [row] = await storedSpam(intake);
    expect(row!.message.startsWith("1 Buy backlinks now.")).toBe(true);
    expect(row!.message.length + row!.details.length).toBeLessThanOrEqual(4096);
  });

  it("stores at most SPAM_MAX_ROWS spam leads, and answers the bot the same past them", async () => {
    const intake = await intakeWith({ SPAM_MAX_ROWS: "3" });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(intake, honeypotLead(i)));
    expect(answers).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await storedSpam(intake)).toHaveLength(3);
    // A real lead is stored whatever spam has taken.
    expect(await post(intake, validLead)).toBe(201);
    expect(await intake.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(4);
  });

  it("keeps spam SPAM_KEEP_DAYS days, while leads keep PURGE_AFTER_DAYS", async () => {
    const dir = testEnv();
    const intake = await createIntake({ ...dir, PURGE_AFTER_DAYS: 365, SPAM_KEEP_DAYS: 30 });
    cleanups.push(() => intake.close());
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await intake.store.db
      .insertInto("submissions")
      .values([
        submissionRow("spam-old", { status: "spam", created_at: daysAgo(31) }),
        submissionRow("suspect-old", { status: "suspected-spam", created_at: daysAgo(40) }),
        submissionRow("spam-new", { status: "spam", created_at: daysAgo(29) }),
        submissionRow("lead-old", { status: "accepted", created_at: daysAgo(200) }),
      ])
      .execute();
    // The daily purge runs a second after start.
    await waitFor(async () => (await storedSpam(intake)).length === 1);
    const ids = (await intake.store.db.selectFrom("submissions").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(ids).toEqual(["lead-old", "spam-new"]);
  });
});
