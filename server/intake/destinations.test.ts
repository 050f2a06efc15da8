import { createHmac } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Webhook } from "standardwebhooks";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import {
  applicationForm,
  serveIntakeProcess,
  startSmtp,
  tempDir,
  testEnv,
  validLead,
  waitFor,
} from "../../tests/support/intake";
import { startReceiver, type ReceivedRequest, type TestReceiver } from "../../tests/support/receiver";
import { loadEnv } from "../env";
import { splitName } from "./destinations/clio-grow";
import { releaseFromReview } from "./review/review";
import { createIntake, type Intake } from "./index";

const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Verifies like a receiver would, with the Standard Webhooks library: 204, or 400 for a bad signature. */
function verifying(request: ReceivedRequest): number {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return 204;
  } catch {
    return 400;
  }
}

async function setUp(
  hooks: Record<string, TestReceiver>,
  options: { clock?: { now: number }; extra?: Record<string, string> } = {},
) {
  const smtp = await startSmtp();
  cleanups.push(smtp.close);
  const vars: Record<string, string> = { SMTP_URL: smtp.url, ...options.extra };
  for (const [name, receiver] of Object.entries(hooks)) {
    vars[`DESTINATION_${name}_KIND`] = "webhook";
    vars[`DESTINATION_${name}_URL`] = receiver.url;
    vars[`DESTINATION_${name}_SECRET`] = secret;
  }
  const clock = options.clock;
  const intake = await createIntake(testEnv(vars), {
    pollMs: 30,
    ...(clock ? { now: () => new Date(clock.now) } : {}),
  });
  cleanups.push(() => intake.close());
  return { smtp, intake };
}

async function submit(intake: Intake, lead: Record<string, unknown> = validLead): Promise<string> {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(answer);
  cleanups.push(started.close);
  return started;
}

const rowOf = (intake: Intake, id: string, destination: string) =>
  intake.store.db
    .selectFrom("outbox")
    .selectAll()
    .where("submission_id", "=", id)
    .where("destination", "=", destination)
    .executeTakeFirstOrThrow();

describe("destination configuration", () => {
  const base = {
    DESTINATION_ZAPIER_KIND: "webhook",
    DESTINATION_ZAPIER_URL: "https://hooks.zapier.com/hooks/catch/1/abc/",
  };

  it("stops the start with a one-line message naming the variable, never echoing a secret", () => {
    const problems: [Record<string, string>, RegExp][] = [
      [
        { ...base, DESTINATION_ZAPIER_SECRET: secret, DESTINATION_ZAPIER_URL: "ftp://x" },
        /^DESTINATION_ZAPIER_URL: must be/,
      ],
      [{ ...base, DESTINATION_ZAPIER_URL: "http://example.com/hook", DESTINATION_ZAPIER_SECRET: secret }, /https/],
      [base, /^DESTINATION_ZAPIER_SECRET: is required/],
      [
        { ...base, DESTINATION_ZAPIER_SECRET: "not-a-secret-at-all" },
        /^DESTINATION_ZAPIER_SECRET: must be .*\(got a value\)$/,
      ],
      [{ DESTINATION_X_KIND: "salesforce" }, /^DESTINATION_X_KIND: must be webhook or clio-grow \(got "salesforce"\)$/],
      [{ DESTINATION_X_URL: "https://example.com" }, /^DESTINATION_X_KIND: must be webhook or clio-grow/],
      [{ DESTINATION_CLIO_KIND: "clio-grow" }, /^DESTINATION_CLIO_TOKEN: is required/],
      [
        { DESTINATION_CLIO_KIND: "clio-grow", DESTINATION_CLIO_TOKEN: "abcdefgh1234", DESTINATION_CLIO_REGION: "mars" },
        /REGION/,
      ],
      [
        { ...base, DESTINATION_ZAPIER_SECRET: secret, DESTINATION_ZAPIER_SECERT: "x" },
        /^DESTINATION_ZAPIER_SECERT: unknown setting/,
      ],
      [{ ALERT_TO: "nobody" }, /^ALERT_TO:/],
    ];
    for (const [vars, message] of problems) {
      let error: unknown;
      try {
        loadEnv(vars);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(vars)).toBeInstanceOf(Error);
      const text = (error as Error).message;
      expect(text).toMatch(message);
      expect(text).not.toContain("\n");
      expect(text).not.toContain(secret.slice(6));
      expect(text).not.toContain("abcdefgh1234");
    }
  });

  it("reads webhooks and Clio Grow with its regional host", () => {
    const env = loadEnv({
      ...base,
      DESTINATION_ZAPIER_SECRET: secret,
      DESTINATION_CLIO_KIND: "clio-grow",
      DESTINATION_CLIO_TOKEN: "abcdefgh1234",
      DESTINATION_CLIO_REGION: "eu",
    });
    expect(env.destinations.map((d) => [d.name, d.kind, d.url])).toEqual([
      ["clio", "clio-grow", "https://eu.grow.clio.com/inbox_leads"],
      ["zapier", "webhook", base.DESTINATION_ZAPIER_URL],
    ]);
  });
});

describe("signed webhooks", () => {
  it("sends a lead.created event a Standard Webhooks receiver verifies, and a changed body or an old timestamp fails", async () => {
    const hook = await receiver(verifying);
    const { smtp, intake } = await setUp({ CRM: hook });
    const id = await submit(intake, { ...validLead, topic: "" });
    await waitFor(() => hook.received.length === 1 && smtp.received.length === 1);
    const [request] = hook.received;
    expect(await rowOf(intake, id, "crm")).toMatchObject({ attempts: 1, last_error: null });
    expect((await rowOf(intake, id, "crm")).sent_at).not.toBeNull();
    expect(request!.headers["webhook-id"]).toBe(`lead_${id}_crm`);
    const event = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>) as {
      type: string;
      version: number;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe("lead.created");
    expect(event.version).toBe(1);
    expect(event.data).toMatchObject({
      id,
      kind: "consultation",
      locale: "en",
      page: "/contact",
      office: { id: "katy", city: "Katy" },
      name: validLead.name,
      email: validLead.email,
      phone: validLead.phone,
      message: validLead.message,
      spam: false,
      review: false,
      flags: ["captcha-placeholder"],
      fields: { consent: true, source: "consultation-lead" },
    });
    expect(JSON.stringify(event.data.fields)).not.toContain("recaptchaToken");

    const tampered = { ...request!, body: request!.body.replace(validLead.phone, "(281) 555-0199") };
    expect(verifying(tampered)).toBe(400);
    const old = new Date(Date.now() - 10 * 60_000);
    const oldHeaders: ReceivedRequest["headers"] = {
      ...request!.headers,
      "webhook-timestamp": String(Math.floor(old.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(String(request!.headers["webhook-id"]), old, request!.body),
    };
    expect(verifying({ ...request!, headers: oldHeaders })).toBe(400);
    // The receiver answered 400 to both replays over HTTP too.
    for (const replay of [tampered, { ...request!, headers: oldHeaders }]) {
      const response = await fetch(hook.url, {
        method: "POST",
        headers: Object.fromEntries(
          (["webhook-id", "webhook-timestamp", "webhook-signature"] as const).map((h) => [
            h,
            String(replay.headers[h]),
          ]),
        ),
        body: replay.body,
      });
      expect(response.status).toBe(400);
    }
  });

  it("links an application's resume for a limited time instead of sending the bytes", async () => {
    const clock = { now: Date.now() };
    const hook = await receiver(verifying);
    const { intake } = await setUp({ CRM: hook }, { clock, extra: { INTAKE_URL: "https://api.lfh.example" } });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      fullName: "Luis Vega",
      email: "luis@example.com",
      phone: "2815550100",
      location: "irving",
      coverLetter: "Bilingual legal assistant with five years in immigration practice.",
      consent: "true",
      locale: "es",
    }))
      form.set(k, v);
    const pdf = pdfBytes();
    form.set("resume", new File([pdf], "cv.pdf"));
    const response = await intake.app.request("/api/careers", { method: "POST", body: form });
    expect(response.status).toBe(201);
    await waitFor(() => hook.received.length === 1);
    const event = JSON.parse(hook.received[0]!.body) as {
      type: string;
      data: { resume: { url: string; fileName: string; size: number }; fields: Record<string, unknown> };
    };
    expect(event.type).toBe("application.created");
    expect(event.data.fields.fullName).toBe("Luis Vega");
    expect(hook.received[0]!.body).not.toContain(Buffer.from(pdf).toString("base64").slice(0, 40));
    const link = new URL(event.data.resume.url);
    expect(link.origin).toBe("https://api.lfh.example");
    expect(event.data.resume).toMatchObject({ fileName: "cv.pdf", size: pdf.length });
    const download = await intake.app.request(`${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    const forged = new URL(link);
    forged.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 3600));
    expect((await intake.app.request(`${forged.pathname}${forged.search}`)).status).toBe(404);
    clock.now += 73 * 3600_000;
    expect((await intake.app.request(`${link.pathname}${link.search}`)).status).toBe(404);
  });

  it("signs resume links with a key of its own, caps their expiry, and sends no held or spam application's resume", async () => {
    const hook = await receiver(verifying);
    const { intake } = await setUp({ CRM: hook }, { extra: { RESUME_LINK_HOURS: "24" } });
    const pdf = pdfBytes();
    const posted = await intake.app.request("/api/careers", {
      method: "POST",
      body: applicationForm(new File([pdf], "cv.pdf")),
    });
    expect(posted.status).toBe(201);
    await waitFor(() => hook.received.length === 1);
    const link = new URL((JSON.parse(hook.received[0]!.body) as { data: { resume: { url: string } } }).data.resume.url);
    const id = decodeURIComponent(link.pathname.split("/").pop()!);
    const destination = link.searchParams.get("destination")!;
    const get = (url: URL) => Promise.resolve(intake.app.request(`${url.pathname}${url.search}`));
    const signed = (key: Buffer, expires: number) => {
      const url = new URL(link);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set(
        "signature",
        createHmac("sha256", key).update(`resume:${id}:${destination}:${expires}`).digest("base64url"),
      );
      return url;
    };
    expect((await get(link)).status).toBe(200);
    // Whoever holds the webhook secret (pasted into a receiver's code step) mints no link, not
    // even one for the year 2286.
    const webhookKey = Buffer.from(secret.slice("whsec_".length), "base64");
    expect((await get(signed(webhookKey, 9_999_999_999))).status).toBe(404);
    expect((await get(signed(webhookKey, Math.floor(Date.now() / 1000) + 3600))).status).toBe(404);
    // Even the server's own key gets no link past RESUME_LINK_HOURS.
    const { key } = await intake.store.db
      .selectFrom("server_keys")
      .select("key")
      .where("name", "=", "resume-links")
      .executeTakeFirstOrThrow();
    const own = Buffer.from(key, "base64");
    expect((await get(signed(own, Math.floor(Date.now() / 1000) + 23 * 3600))).status).toBe(200);
    expect((await get(signed(own, Math.floor(Date.now() / 1000) + 25 * 3600))).status).toBe(404);
    // Held for review or taken for spam: the link sends nothing.
    for (const status of ["review", "suspected-spam", "spam"] as const) {
      await intake.store.db.updateTable("submissions").set({ status }).where("id", "=", id).execute();
      expect((await get(link)).status, status).toBe(404);
    }
  });

  it("sends a linked resume at most eight times at once, each read from its file as it is sent", async () => {
    const hook = await receiver(verifying);
    const { intake } = await setUp({ CRM: hook });
    // Several pieces long, so that a download not read yet still has its file to read.
    const pdf = Buffer.concat([pdfBytes(), Buffer.alloc(300_000, 0x20)]);
    const form = applicationForm(new File([pdf], "cv.pdf"));
    expect((await intake.app.request("/api/careers", { method: "POST", body: form })).status).toBe(201);
    await waitFor(() => hook.received.length === 1);
    const link = new URL((JSON.parse(hook.received[0]!.body) as { data: { resume: { url: string } } }).data.resume.url);
    const get = () => Promise.resolve(intake.app.request(`${link.pathname}${link.search}`));
    // Eight downloads whose receivers read nothing yet: a ninth waits its turn. (Read whole at
    // once, a link asked for on connections never read had every answer in memory together.)
    const open = await Promise.all(Array.from({ length: 8 }, get));
    expect(open.map((response) => response.status)).toEqual(Array<number>(8).fill(200));
    const ninth = await get();
    expect(ninth.status).toBe(503);
    expect(ninth.headers.get("retry-after")).toBe("5");
    expect(Buffer.from(await open[0]!.arrayBuffer()).equals(pdf)).toBe(true);
    await open[1]!.body?.cancel();
    const next = await Promise.all([get(), get()]);
    expect(next.map((response) => response.status)).toEqual([200, 200]);
    expect(Number(next[0].headers.get("content-length"))).toBe(pdf.length);
    expect((await get()).status).toBe(503);
    for (const response of [...open.slice(2), ...next]) await response.body?.cancel();
    expect((await get()).status).toBe(200);
  });

  it("retries a receiver failing five times with backoff, records one delivery, and never delays the email", async () => {
    const clock = { now: Date.now() };
    const hook = await receiver((_request, index) => (index < 5 ? 503 : 204));
    const { smtp, intake } = await setUp({ CRM: hook }, { clock });
    const id = await submit(intake);
    await waitFor(() => smtp.received.length === 1 && hook.received.length === 1);
    for (let attempt = 2; attempt <= 6; attempt++) {
      await waitFor(async () => (await rowOf(intake, id, "crm")).attempts === attempt - 1);
      const row = await rowOf(intake, id, "crm");
      // Exponential backoff with jitter: half to all of 5 s, 10 s, 20 s ...
      const wait = Date.parse(row.next_attempt_at) - clock.now;
      const base = 5_000 * 2 ** (attempt - 2);
      expect(wait).toBeGreaterThanOrEqual(base / 2);
      expect(wait).toBeLessThanOrEqual(base);
      expect(hook.received).toHaveLength(attempt - 1);
      clock.now += base;
      await waitFor(() => hook.received.length === attempt);
    }
    await waitFor(async () => (await rowOf(intake, id, "crm")).sent_at !== null);
    expect(new Set(hook.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([`lead_${id}_crm`]));
    expect(await rowOf(intake, id, "crm")).toMatchObject({ attempts: 6, last_error: null, failed_at: null });
    expect(await rowOf(intake, id, "email")).toMatchObject({ attempts: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it("stops at a 401, keeps the reason, and emails the firm once with the lead id and no personal data", async () => {
    const clock = { now: Date.now() };
    const hook = await receiver(() => 401);
    const { smtp, intake } = await setUp({ CRM: hook }, { clock });
    const id = await submit(intake);
    await waitFor(() => smtp.received.length === 2);
    const row = await rowOf(intake, id, "crm");
    expect(row.failed_at).not.toBeNull();
    expect(row).toMatchObject({ attempts: 1, last_error: "HTTP 401 Unauthorized", sent_at: null });
    clock.now += 24 * 3600_000;
    // A flush resolves after a whole round of every destination: a retry would have been sent.
    await intake.flush();
    expect(hook.received).toHaveLength(1);
    console.log(
      smtp.received.map((m) =>
        m.raw
          .split("\n")
          .filter((l) => /^(Subject|X-Lead|Message-ID)/i.test(l))
          .join(" | "),
      ),
    );
    const notice = smtp.received.find((m) => /Subject: Lead .* was not delivered to crm/.test(m.raw));
    expect(notice?.raw).toContain(id);
    expect(notice?.raw).toContain("HTTP 401");
    for (const personal of [validLead.name, validLead.email, validLead.phone])
      expect(notice?.raw).not.toContain(personal);
    expect(smtp.received).toHaveLength(2);
  });

  it("sends a batch several leads at a time, so a slow answer does not hold the leads behind it", async () => {
    const hook = await receiver(() => "hold");
    const { intake } = await setUp({ CRM: hook });
    const ids = await Promise.all(Array.from({ length: 8 }, () => submit(intake)));
    // The receiver has answered none of them, and all eight are under way.
    await waitFor(() => hook.received.length === 8);
    expect(new Set(hook.received.map((r) => r.headers["webhook-id"]))).toEqual(
      new Set(ids.map((id) => `lead_${id}_crm`)),
    );
    // Leads are committed with an fsync again once the outbox's own bookkeeping is done.
    const { synchronous } = await sql<{ synchronous: number }>`pragma synchronous`
      .execute(intake.store.db)
      .then((result) => result.rows[0]!);
    expect(synchronous).toBe(2);
  });

  it("sends no honeypot spam to a webhook", async () => {
    const hook = await receiver();
    const { smtp, intake } = await setUp({ CRM: hook });
    await submit(intake, { ...validLead, company: "Acme bots" });
    const id = await submit(intake);
    await waitFor(() => hook.received.length === 1 && smtp.received.length === 1);
    await intake.flush();
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([`lead_${id}_crm`]);
  });

  it("holds a lead the captcha could not vouch for until it is released, then sends it everywhere", async () => {
    const hook = await receiver(verifying);
    const { smtp, intake } = await setUp({ CRM: hook }, { extra: { RECAPTCHA_SECRET: "test-secret" } });
    // A placeholder token with a captcha configured: stored, held for review, sent nowhere.
    const id = await submit(intake);
    await intake.flush();
    expect(hook.received).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
    expect(await releaseFromReview(intake.store, id, ["email", "crm"])).toBe(true);
    await waitFor(() => hook.received.length === 1 && smtp.received.length === 1);
    const event = JSON.parse(hook.received[0]!.body) as { data: { id: string; status: string; review: boolean } };
    expect(event.data).toMatchObject({ id, status: "accepted", review: false });
  });

  it("alerts once when a destination keeps failing past the configured minutes, and reports it in /readyz", async () => {
    const clock = { now: Date.now() };
    const hook = await receiver(() => 503);
    const ops = await receiver(verifying);
    const { smtp, intake } = await setUp(
      { CRM: hook, OPS: ops },
      { clock, extra: { ALERT_AFTER_MINUTES: "15", ALERT_TO: "ops@lfh-immigration.example,ops" } },
    );
    const id = await submit(intake);
    await waitFor(async () => (await rowOf(intake, id, "crm")).attempts === 1);
    const ready = await intake.app.request("/readyz");
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as {
      outbox: { destinations: Record<string, { pending: number; failing: number }> };
    };
    expect(body.outbox.destinations.crm).toMatchObject({ pending: 1, failing: 1 });
    clock.now += 10 * 60_000;
    await intake.flush();
    expect(smtp.received).toHaveLength(1);
    clock.now += 10 * 60_000;
    await intake.flush();
    const alerts = () => smtp.received.filter((m) => m.raw.includes("Subject: Leads are not reaching crm"));
    await waitFor(() => alerts().length === 1);
    expect(alerts()[0]!.raw).toMatch(/^To: ops@lfh-immigration\.example/m);
    expect(alerts()[0]!.raw).not.toContain(validLead.email);
    // Checked again a minute later, the incident still open: no second alert.
    clock.now += 60_000;
    await intake.flush();
    expect(alerts()).toHaveLength(1);
    // The webhook named in ALERT_TO gets the same alert, signed, besides the lead itself.
    const events = ops.received.map((r) => JSON.parse(r.body) as { type: string; data: { subject?: string } });
    expect(events.filter((e) => e.type === "delivery.alert").map((e) => e.data.subject)).toEqual([
      "Leads are not reaching crm",
    ]);
    expect(ops.received.every((r) => verifying(r) === 204)).toBe(true);
    expect((await intake.app.request("/healthz")).status).toBe(200);
  });

  it("dead-letters a lead after the configured attempts, once, and /readyz answers 503 when the store is gone", async () => {
    const clock = { now: Date.now() };
    const hook = await receiver(() => 500);
    const { smtp, intake } = await setUp({ CRM: hook }, { clock, extra: { DELIVERY_MAX_ATTEMPTS: "3" } });
    const id = await submit(intake);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitFor(async () => (await rowOf(intake, id, "crm")).attempts === attempt);
      clock.now += 3600_000;
    }
    // The notice travels on its own row, beside the lead's email (and, three hours into the
    // failures, an alert about the destination): it is found by its subject.
    const notices = () => smtp.received.filter((m) => /Subject: Lead .* was not delivered to crm/.test(m.raw));
    await waitFor(() => notices().length === 1);
    expect(notices()[0]!.raw).toMatch(/after 3 =?\r?\n?attempts/);
    expect((await rowOf(intake, id, "crm")).failed_at).not.toBeNull();
    await intake.flush();
    expect(hook.received).toHaveLength(3);
    expect(notices()).toHaveLength(1);
    const ready = (await (await intake.app.request("/readyz")).json()) as {
      outbox: { deadLettered: number; destinations: Record<string, { deadLettered: number }> };
    };
    expect(ready.outbox.destinations.crm?.deadLettered).toBe(1);
    await intake.store.close();
    const gone = await intake.app.request("/readyz");
    expect(gone.status).toBe(503);
    expect(await gone.json()).toEqual({ ok: false, store: "unreachable" });
  });
});

describe("Clio Grow lead inbox", () => {
  it("posts what the Lead Inbox requires, names split and the rest folded into the message", async () => {
    const problems: string[] = [];
    const clio = await receiver((request) => {
      const body = JSON.parse(request.body) as { inbox_lead_token?: string; inbox_lead?: Record<string, string> };
      if (request.headers["content-type"] !== "application/json") problems.push("content-type");
      if (request.headers.accept !== "application/json") problems.push("accept");
      if (body.inbox_lead_token !== "grow-token-123") return 401;
      for (const field of ["from_first", "from_last", "from_message", "referring_url", "from_source"])
        if (!body.inbox_lead?.[field]) problems.push(field);
      return problems.length ? 422 : 201;
    });
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const intake = await createIntake(
      testEnv({
        SMTP_URL: smtp.url,
        DESTINATION_CLIO_KIND: "clio-grow",
        DESTINATION_CLIO_TOKEN: "grow-token-123",
        DESTINATION_CLIO_URL: clio.url,
      }),
      { pollMs: 30 },
    );
    cleanups.push(() => intake.close());
    const id = await submit(intake, {
      ...validLead,
      name: "María José García López",
      locale: "es",
      page: "/es/contacto",
    });
    await waitFor(async () => (await rowOf(intake, id, "clio")).sent_at !== null);
    expect(problems).toEqual([]);
    const lead = (JSON.parse(clio.received[0]!.body) as { inbox_lead: Record<string, string> }).inbox_lead;
    expect(lead).toMatchObject({
      from_first: "María José",
      from_last: "García López",
      from_email: validLead.email,
      from_phone: validLead.phone,
      referring_url: "https://www.lfh-immigration.example/es/contacto",
    });
    expect(lead.from_message).toContain("Office: Katy office");
    const { reference } = await intake.store.db
      .selectFrom("submissions")
      .select("reference")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(lead.from_message).toContain(`Reference: ${reference}`);
    expect(lead.from_message).toMatch(/\nMessage: My husband/);
  });

  it("splits names sensibly", () => {
    expect(splitName("Cher", "en")).toEqual({ first: "Cher", last: "-" });
    expect(splitName("Ana Ruiz", "en")).toEqual({ first: "Ana", last: "Ruiz" });
    expect(splitName("Mary Ann Smith", "en")).toEqual({ first: "Mary Ann", last: "Smith" });
    expect(splitName("Ana García López", "es")).toEqual({ first: "Ana", last: "García López" });
    expect(splitName("José Ortega y Gasset", "es")).toEqual({ first: "José", last: "Ortega y Gasset" });
    expect(splitName("Juan de la Cruz", "en")).toEqual({ first: "Juan", last: "de la Cruz" });
    expect(splitName("  Luis   Vega ", "es")).toEqual({ first: "Luis", last: "Vega" });
  });
});

describe("a lead in flight when the server is killed", () => {
  it("is sent again at once after the restart: the email with the same Message-ID, the webhook with the same webhook-id", async () => {
    let hold = true;
    const hook = await receiver(() => (hold ? "hold" : 204));
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    // The mail server takes the message and never answers: the killed server still held its lease.
    smtp.state.hold = true;
    const dir = tempDir();
    const start = async () => {
      const server = await serveIntakeProcess({
        DATABASE_URL: `file:${join(dir, "leads.db")}`,
        SMTP_URL: smtp.url,
        INSTANCE_ID: "web-1",
        DESTINATION_CRM_KIND: "webhook",
        DESTINATION_CRM_URL: hook.url,
        DESTINATION_CRM_SECRET: secret,
      });
      cleanups.push(server.stop);
      return server;
    };
    const first = await start();
    const response = await fetch(`http://127.0.0.1:${first.port}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await waitFor(() => hook.received.length === 1 && smtp.held() === 1);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    // The leases the killed server held, which no other worker may take before they end.
    const killed = new Database(join(dir, "leads.db"), { readonly: true });
    const leases = killed.prepare("SELECT lease_until FROM outbox WHERE lease_until IS NOT NULL").all() as {
      lease_until: string;
    }[];
    killed.close();
    expect(leases).toHaveLength(2);
    const leaseEnds = Math.min(...leases.map((row) => Date.parse(row.lease_until)));
    hold = false;
    smtp.state.hold = false;
    await start();
    await waitFor(() => hook.received.length === 2 && smtp.received.length === 1, 90_000);
    // Both were sent again while the killed server's leases still ran: the restarted server (same
    // INSTANCE_ID) reclaimed its own leases instead of waiting for them to end.
    expect(Date.now()).toBeLessThan(leaseEnds);
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([`lead_${id}_crm`, `lead_${id}_crm`]);
    expect(verifying(hook.received[1]!)).toBe(204);
    expect(smtp.received.map((m) => /X-Lead-ID: (\S+)/i.exec(m.raw)?.[1])).toEqual([id]);
    const unfolded = smtp.received[0]!.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(new RegExp(`^Message-ID: <lead-${id}@lfh-immigration\\.example>`, "mi"));
  }, 180_000);
});
