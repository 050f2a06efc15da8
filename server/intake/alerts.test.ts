import { afterEach, describe, expect, it } from "vitest";
import { startSmtp, testEnv, validLead, waitFor, type TestSmtp } from "../../tests/support/intake";
import { startReceiver, type Answer, type TestReceiver } from "../../tests/support/receiver";
import { deliveryBacklog } from "./health";
import { createIntake, type Intake } from "./index";

const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(answer?: (request: { body: string }, index: number) => Answer) {
  const started = await startReceiver(answer);
  cleanups.push(started.close);
  return started;
}

async function smtpServer(port?: number) {
  const smtp = await startSmtp(port ? { port } : {});
  cleanups.push(smtp.close);
  return smtp;
}

function hooks(named: Record<string, TestReceiver>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, hook] of Object.entries(named)) {
    vars[`DESTINATION_${name}_KIND`] = "webhook";
    vars[`DESTINATION_${name}_URL`] = hook.url;
    vars[`DESTINATION_${name}_SECRET`] = secret;
  }
  return vars;
}

async function submit(intake: Intake) {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(validLead),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The delivery alerts a webhook received, by subject. */
const hookAlerts = (hook: TestReceiver) =>
  hook.received
    .map((r) => JSON.parse(r.body) as { type: string; data: { subject?: string } })
    .filter((event) => event.type === "delivery.alert")
    .map((event) => event.data.subject);
/** The dead-letter notices a webhook received (an hour of the mail server down also raises its own alert). */
const deadLetters = (hook: TestReceiver) =>
  hookAlerts(hook).filter((subject) => /^Lead .* was not delivered to crm$/.test(subject ?? ""));
const mailAlerts = (smtp: TestSmtp) => smtp.received.filter((m) => /^To: ops@firm\.example\r?$/m.test(m.raw));
/**
 * Until the outbox has written down what it just did (a notice's failed try and when to retry it,
 * the lead's own deliveries), moving the clock on would date those writes an hour later: wait for
 * the writes, not for a moment.
 */
const settled = (intake: Intake) =>
  waitFor(async () => {
    const db = intake.store.db;
    const notices = await db.selectFrom("notices").select(["sent_at", "attempts", "lease_owner"]).execute();
    const leads = await db.selectFrom("outbox").select(["sent_at", "failed_at", "attempts", "lease_owner"]).execute();
    return [...notices, ...leads].every((row) => !row.lease_owner && (row.sent_at || row.attempts > 0));
  });

describe("alerts on every channel, each on its own", () => {
  it("reach the webhook while the mail server is down, and the email once it is back, one copy each", async () => {
    const clock = { now: Date.now() };
    const down = await smtpServer();
    const port = down.port;
    await down.close();
    const crm = await receiver(() => 422);
    const ops = await receiver();
    const intake = await createIntake(
      testEnv({
        SMTP_URL: `smtp://127.0.0.1:${port}?requireTLS=false`,
        ALERT_TO: "ops@firm.example,ops",
        ...hooks({ CRM: crm, OPS: ops }),
      }),
      { pollMs: 30, now: () => new Date(clock.now) },
    );
    cleanups.push(() => intake.close());
    await submit(intake);
    // The CRM refuses the lead: dead-lettered, and the firm is told on both channels.
    await waitFor(() => deadLetters(ops).length === 1);
    await settled(intake);

    const smtp = await smtpServer(port);
    clock.now += 3_600_000;
    await waitFor(() => mailAlerts(smtp).some((m) => m.raw.includes("was not delivered to crm")));
    clock.now += 3_600_000;
    await intake.flush();
    expect(mailAlerts(smtp).filter((m) => m.raw.includes("was not delivered to crm"))).toHaveLength(1);
    expect(deadLetters(ops)).toHaveLength(1);
  });

  it("reach the email while the webhook is down, and the webhook once it is back, one copy each", async () => {
    const clock = { now: Date.now() };
    const smtp = await smtpServer();
    const crm = await receiver(() => 422);
    let opsUp = false;
    const ops = await receiver((request) => (opsUp || !request.body.includes('"delivery.alert"') ? 204 : 503));
    const intake = await createIntake(
      testEnv({ SMTP_URL: smtp.url, ALERT_TO: "ops@firm.example,ops", ...hooks({ CRM: crm, OPS: ops }) }),
      { pollMs: 30, now: () => new Date(clock.now) },
    );
    cleanups.push(() => intake.close());
    await submit(intake);
    // Both channels are tried on their own: the email arrives, the webhook's try is refused (503),
    // in whichever order the two deliveries happen to finish.
    await waitFor(() => mailAlerts(smtp).length === 1 && hookAlerts(ops).length === 1);
    await settled(intake);
    opsUp = true;
    clock.now += 3_600_000;
    await waitFor(() => hookAlerts(ops).length === 2);
    clock.now += 3_600_000;
    await intake.flush();
    expect(mailAlerts(smtp)).toHaveLength(1);
    expect(hookAlerts(ops)).toHaveLength(2);
  });
});

interface Ready {
  outbox: { destinations: Record<string, { pending: number; failing: number; late: number }> };
}

describe("a slow destination", () => {
  it("counts as failing once a lead waits past SLOW_DELIVERY_SECONDS, alerts, and an all clear follows", async () => {
    const clock = { now: Date.now() };
    const smtp = await smtpServer();
    const ops = await receiver();
    const intake = await createIntake(
      testEnv({
        SMTP_URL: smtp.url,
        SLOW_DELIVERY_SECONDS: "60",
        ALERT_AFTER_MINUTES: "5",
        ALERT_TO: "ops",
        ...hooks({ OPS: ops }),
      }),
      { pollMs: 30, now: () => new Date(clock.now) },
    );
    cleanups.push(() => intake.close());
    // The mail server takes the message and holds its answer: no error, only time.
    smtp.state.hold = true;
    await submit(intake);
    await waitFor(() => smtp.held() === 1);
    // What /readyz shows (it works the backlog out at most once a second of real time, so the
    // moment before is read from the same function).
    const before = await deliveryBacklog(intake.store, new Date(clock.now), 60);
    expect(before.destinations.email).toMatchObject({ pending: 1, failing: 0, late: 0 });
    const ready = async () => ((await (await intake.app.request("/readyz")).json()) as Ready).outbox.destinations;
    clock.now += 61_000;
    expect((await ready()).email).toMatchObject({ pending: 1, failing: 1, late: 1 });
    clock.now += 5 * 60_000;
    await waitFor(() => hookAlerts(ops).length === 1);
    expect(hookAlerts(ops)).toEqual(["Leads are not reaching email"]);

    // It answers at last: calm only once no lead has been late for five minutes.
    smtp.release();
    await waitFor(async () =>
      (await intake.store.db.selectFrom("outbox").select("sent_at").where("destination", "=", "email").execute()).every(
        (row) => row.sent_at !== null,
      ),
    );
    clock.now += 60_000;
    await intake.flush();
    await intake.flush();
    expect(hookAlerts(ops)).toEqual(["Leads are not reaching email"]);
    clock.now += 5 * 60_000;
    await waitFor(() => hookAlerts(ops).length === 2);
    expect(hookAlerts(ops)).toEqual(["Leads are not reaching email", "All clear: leads are reaching email again"]);
    expect((await deliveryBacklog(intake.store, new Date(clock.now), 60)).destinations.email).toBeUndefined();
  });
});
