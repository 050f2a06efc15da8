import { afterEach, describe, expect, it } from "vitest";
import { startSmtp, testEnv, validLead, waitFor } from "../../tests/support/intake";
import { createIntake, type Intake } from "./index";
import { captchaPlaceholder } from "../../core/form-options";
import { applicationFields } from "../../core/form-fields";
import { leadMessage } from "./destinations/mail";
import { readSubmission } from "./store";

const leadIds = (raw: string[]) => raw.map((m) => /X-Lead-ID: (\S+)/i.exec(m)?.[1]).filter(Boolean);

const cleanups: (() => Promise<void> | void)[] = [];

/** Every outbox row is marked sent: nothing is in flight any more, so the inbox is final. */
const allSent = (intake: Intake) => async () =>
  (await intake.store.db.selectFrom("outbox").select("sent_at").execute()).every((row) => row.sent_at !== null);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("delivery to the firm's inbox", () => {
  it("delivers every field, escaped, with reply-to the visitor and a subject naming kind and office", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 50 });
    cleanups.push(() => intake.close());
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...validLead,
        name: "Ana Ruiz",
        message: "Hello <script>alert(1)</script> & thanks for your help",
      }),
    });
    expect(response.status).toBe(201);
    await waitFor(() => smtp.received.length === 1);
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^Reply-To: .*ana@example\.com/m);
    const headers = raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(raw).toMatch(/Subject: .*Consultation/);
    expect(raw).toContain("&lt;script&gt;");
    for (const value of ["(281) 555-0142", "ana@example.com", "Katy office", "/contact"]) expect(raw).toContain(value);
  });

  it("puts a survivor's safe way and time to reach them first, in the subject and at the top of the message", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 50 });
    cleanups.push(() => intake.close());
    const safeContact = "Text only, weekdays after 2 pm. No voicemail.";
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validLead, safeContact, page: "/practice-areas/victims-of-crimes/u-visa" }),
    });
    expect(response.status).toBe(201);
    await waitFor(() => smtp.received.length === 1);
    // Quoted-printable, soft line breaks joined.
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, "");
    expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?SAFE_CONTACT_/m);
    const text = raw.slice(raw.indexOf("\r\n\r\nSAFE CONTACT (read before calling): ") + 4);
    expect(text.startsWith(`SAFE CONTACT (read before calling): ${safeContact}\r\nKind:`)).toBe(true);
  });

  it("keeps a lead while mail is down and delivers it exactly once when mail is back", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.state.refuse = true;
    let clock = Date.now();
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 30, now: () => new Date(clock) });
    cleanups.push(() => intake.close());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await intake.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validLead),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    await waitFor(async () => {
      const row = await intake.store.db
        .selectFrom("outbox")
        .select("attempts")
        .where("submission_id", "=", ids[0]!)
        .executeTakeFirstOrThrow();
      return row.attempts >= 1;
    });
    expect(smtp.received).toHaveLength(0);
    smtp.state.refuse = false;
    // Time goes on, an hour a poll, until every lead is sent: on a busy machine an attempt can still
    // be in flight when the mail server comes back, fail, and be retried at a later hour.
    const sent = allSent(intake);
    await waitFor(async () => {
      clock += 60 * 60 * 1000;
      return sent();
    });
    expect(leadIds(smtp.received.map((m) => m.raw)).sort()).toEqual([...ids].sort());
  });
});

describe("a refusal that quotes the lead", () => {
  it("keeps the mail server's codes as the reason, never its text naming the visitor", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.state.refuse = true;
    const refusals: string[] = [];
    // Like a spam filter that names what it refused: the subject holds the visitor's name.
    smtp.state.refusal = (raw) => {
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
      const replyTo = /^Reply-To: (.*)$/m.exec(raw)?.[1] ?? "";
      refusals.push(`Message "${subject}" from ${replyTo} held for review`);
      return refusals.at(-1)!;
    };
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 30 });
    cleanups.push(() => intake.close());
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(response.status).toBe(201);
    const lastError = async () =>
      (await intake.store.db.selectFrom("outbox").select("last_error").executeTakeFirstOrThrow()).last_error;
    await waitFor(async () => (await lastError()) !== null);
    expect(refusals[0]).toContain(validLead.name);
    expect(refusals[0]).toContain(validLead.email);
    expect(await lastError()).toBe("SMTP 451 after DATA (reply text withheld)");
  });
});

describe("deliveries give way to visitors", () => {
  /**
   * Keeps requests reaching the accept path (turned away: an empty lead) every 10 ms until
   * `untilMs` or until `done()`; resolves with the time it stopped.
   */
  async function keepBusy(intake: Intake, untilMs: number, done = () => false) {
    while (Date.now() < untilMs && !done()) {
      const refused = await intake.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(refused.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Date.now();
  }

  /** An intake delivering to a test mail server, with one lead accepted and not yet delivered. */
  async function withAcceptedLead() {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 50 });
    cleanups.push(() => intake.close());
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(response.status).toBe(201);
    return { smtp, intake };
  }

  it("waits for a burst of requests to end before building the message", async () => {
    const { smtp, intake } = await withAcceptedLead();
    await keepBusy(intake, Date.now() + 600);
    expect(smtp.received).toHaveLength(0);
    await waitFor(() => smtp.received.length === 1);
  });

  it("still delivers within about a second while the requests never stop", async () => {
    const { smtp, intake } = await withAcceptedLead();
    const deadline = Date.now() + 2500;
    const stopped = await keepBusy(intake, deadline, () => smtp.received.length > 0);
    expect(smtp.received).toHaveLength(1);
    expect(stopped).toBeLessThan(deadline);
  });
});

describe("the plain-text part of a lead email", () => {
  // Stored as rows were before the form's fields were versioned: the flat body, captcha token and all.
  const submission = readSubmission({
    id: "7d3f2a9e-0000-4000-8000-000000000001",
    reference: "LFH-7K3Q-9X",
    kind: "application",
    status: "accepted",
    flags: "",
    captcha_score: null,
    created_at: "2026-11-24T10:00:00.000Z",
    locale: "en",
    name: "Ana\r\nConsent: No",
    email: "ana@example.com",
    phone: "281\nFlags: OK",
    office: "katy",
    topic: "",
    message: "First line\nConsent: No\r\nthird",
    page: "/contact",
    details: JSON.stringify({
      fullName: "Ana\r\nConsent: No",
      email: "ana@example.com",
      phone: "281\nFlags: OK",
      location: "katy",
      linkedin: "https://www.linkedin.com/in/ana",
      coverLetter: "First line\nConsent: No\r\nthird",
      consent: true,
      locale: "es",
      job: "assistant\r\nFlags: OK",
      page: "/contact",
      recaptchaToken: captchaPlaceholder.unavailable,
    }),
    resume_name: null,
    resume_type: null,
    resume: null,
    resume_file: null,
    resume_size: null,
  });

  it("keeps single-line fields on one line, so no line can be forged", () => {
    const message = leadMessage(submission, "LFH <no-reply@lfh-immigration.example>", "intake@lfh-immigration.example");
    const lines = (typeof message.text === "string" ? message.text : "").split("\n");
    expect(lines.filter((line) => line.startsWith("Consent:"))).toEqual(["Consent: Yes"]);
    expect(lines.filter((line) => line.startsWith("Flags:"))).toEqual([]);
    expect(lines).toContain("Name: Ana Consent: No");
    expect(lines).toContain("  Consent: No");
  });

  it("shows every field the application form declares for the firm, the cover letter last", () => {
    const message = leadMessage(submission, "LFH <no-reply@lfh-immigration.example>", "intake@lfh-immigration.example");
    const text = typeof message.text === "string" ? message.text : "";
    const labels = text.split("\n").flatMap((line) => /^(\w[\w ]*): /.exec(line)?.[1] ?? []);
    const declared = Object.values(applicationFields).flatMap((field) => field.firm || []);
    expect(labels).toEqual(expect.arrayContaining(declared));
    expect(labels.at(-1)).toBe("Cover letter");
    expect(text).toContain("Office: Katy office");
    expect(text).toContain("Language: Spanish");
    expect(text).toContain("LinkedIn: https://www.linkedin.com/in/ana");
    expect(text).not.toContain(captchaPlaceholder.unavailable);
  });

  it("gives the same lead the same Message-ID every time it is sent", () => {
    const a = leadMessage(submission, "LFH <no-reply@lfh-immigration.example>", "x@example.com");
    const b = leadMessage(submission, "LFH <no-reply@lfh-immigration.example>", "x@example.com");
    expect(a.messageId).toBe(`<lead-${submission.id}@lfh-immigration.example>`);
    expect(b.messageId).toBe(a.messageId);
  });
});
