import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { captchaPlaceholder } from "../../../core/form-options";
import { startSmtp, testEnv, validLead, waitFor } from "../../../tests/support/intake";
import { main } from "../../leads-cli";
import { createIntake, type Intake, type IntakeOptions } from "../index";
import type { Env } from "../../env";

const site = "https://www.firm.example";
/** What the verifier answers next; a function of the token it was sent. */
let answer: (token: string) => { status: number; body: string; never?: true } = () => ({
  status: 200,
  body: JSON.stringify({ success: false }),
});
let verifications = 0;
let verifier: Server;
let verifyUrl = "";

const good = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ success: true, score: 0.9, hostname: "www.firm.example", action: "consultation_request", ...extra });

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      verifications += 1;
      const params = new URLSearchParams(body);
      const reply =
        params.get("secret") === "test-secret"
          ? answer(params.get("response") ?? "")
          : { status: 200, body: JSON.stringify({ success: false }) };
      // A verifier that never answers: the intake's own timeout is all that ends the wait.
      if (reply.never) return;
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

async function intakeWith(overrides: Record<string, string> = {}, options: IntakeOptions = {}) {
  const env = testEnv({
    RECAPTCHA_SECRET: "test-secret",
    RECAPTCHA_VERIFY_URL: verifyUrl,
    SITE_URL: site,
    TRUST_PROXY: "1",
    ...overrides,
  });
  // Verdicts come at once; the timeout is long so that a loaded machine never turns one into an
  // outage. The test of the timeout itself gives a verifier that never answers a short one.
  const intake = await createIntake(env, { pollMs: 60_000, captchaTimeoutMs: 20_000, ...options });
  return { env, intake };
}

async function send(intake: Intake, body: Record<string, unknown>, client = "192.0.2.1") {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify(body),
  });
  const { id, reference } = (await response.json()) as { id?: string; reference?: string };
  const row = id
    ? await intake.store.db
        .selectFrom("submissions")
        .select(["status", "flags", "captcha_score"])
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  return { http: response.status, id, reference, ...row };
}

const emails = (env: Env) => {
  try {
    return readdirSync(env.MAIL_DIR).map((name) => readFileSync(join(env.MAIL_DIR, name), "utf8"));
  } catch {
    return [];
  }
};

describe("with RECAPTCHA_SECRET set", () => {
  it("holds placeholder, empty and absent tokens for review without asking the verifier, and emails none", async () => {
    const { env, intake } = await intakeWith();
    try {
      verifications = 0;
      const noToken: Record<string, unknown> = { ...validLead };
      delete noToken.recaptchaToken;
      for (const body of [
        { ...validLead, recaptchaToken: captchaPlaceholder.unavailable },
        { ...validLead, recaptchaToken: captchaPlaceholder.error },
        { ...validLead, recaptchaToken: "" },
        noToken,
      ])
        expect(await send(intake, body, `192.0.2.${Math.floor(Math.random() * 200) + 1}`)).toMatchObject({
          http: 201,
          status: "review",
          flags: "captcha-placeholder",
        });
      expect(verifications).toBe(0);
      await intake.flush();
      expect(emails(env)).toEqual([]);
    } finally {
      await intake.close();
    }
  });

  it("holds a lead whose verification failed, timed out, got 500 or non-JSON", async () => {
    const { env, intake } = await intakeWith();
    try {
      const cases: [string, ReturnType<typeof answer>, string][] = [
        ["failed", { status: 200, body: JSON.stringify({ success: false }) }, "captcha-failed"],
        ["500", { status: 500, body: good() }, "captcha-outage"],
        ["html", { status: 200, body: "<html>oops</html>" }, "captcha-outage"],
        ["null", { status: 200, body: "null" }, "captcha-outage"],
      ];
      for (const [token, reply, flag] of cases) {
        answer = () => reply;
        expect(
          await send(
            intake,
            { ...validLead, recaptchaToken: token },
            `198.51.100.${cases.indexOf(cases.find(([t]) => t === token)!)}`,
          ),
          token,
        ).toMatchObject({ http: 201, status: "review", flags: flag });
      }
      await intake.flush();
      expect(emails(env)).toEqual([]);
    } finally {
      await intake.close();
    }
  });

  it("holds a lead whose verifier does not answer in time", async () => {
    const { env, intake } = await intakeWith({}, { captchaTimeoutMs: 200 });
    try {
      answer = () => ({ status: 200, body: good(), never: true });
      expect(await send(intake, { ...validLead, recaptchaToken: "slow" }, "198.51.100.9")).toMatchObject({
        http: 201,
        status: "review",
        flags: "captcha-outage",
      });
      await intake.flush();
      expect(emails(env)).toEqual([]);
    } finally {
      await intake.close();
    }
  });

  it("holds a lead whose verifier answers more than any verdict needs, without reading it all", async () => {
    const { intake } = await intakeWith();
    try {
      // A passing verdict padded to 2 MB: a verifier that answers that much is broken or hostile
      // (read whole, 100 MB answers held the event loop and hundreds of megabytes per lead).
      answer = () => ({ status: 200, body: good({ padding: "a".repeat(2 * 1024 * 1024) }) });
      expect(await send(intake, { ...validLead, recaptchaToken: "padded" })).toMatchObject({
        http: 201,
        status: "review",
        flags: "captcha-outage",
      });
      answer = () => ({ status: 200, body: good({ padding: "a".repeat(32 * 1024) }) });
      expect(await send(intake, { ...validLead, recaptchaToken: "long" }, "192.0.2.2")).toMatchObject({
        http: 201,
        status: "accepted",
      });
    } finally {
      await intake.close();
    }
  });

  it("checks the score is a number, the host is the site's and the action is the form's", async () => {
    const { intake } = await intakeWith({ ALLOWED_ORIGINS: "https://cdn.firm.example" });
    try {
      const cases: [Record<string, unknown>, string][] = [
        [{ score: undefined }, "captcha-invalid"],
        [{ score: "0.0" }, "captcha-invalid"],
        [{ score: 7 }, "captcha-invalid"],
        [{ hostname: "attacker.example" }, "captcha-hostname"],
        [{ hostname: undefined }, "captcha-hostname"],
        [{ action: "login" }, "captcha-action"],
        [{ action: "information_request" }, "captcha-action"],
      ];
      for (const [extra, flag] of cases) {
        answer = () => ({ status: 200, body: good(extra) });
        expect(
          await send(
            intake,
            { ...validLead, recaptchaToken: "t" },
            `203.0.113.${cases.indexOf(cases.find(([e]) => e === extra)!)}`,
          ),
          JSON.stringify(extra),
        ).toMatchObject({ http: 201, status: "review", flags: flag });
      }
      answer = () => ({ status: 200, body: good({ hostname: "cdn.firm.example" }) });
      expect(await send(intake, { ...validLead, recaptchaToken: "t" })).toMatchObject({
        status: "accepted",
        flags: "",
      });
      answer = () => ({ status: 200, body: good({ action: "information_request" }) });
      expect(await send(intake, { ...validLead, source: "information-request", recaptchaToken: "t" })).toMatchObject({
        status: "accepted",
        captcha_score: 0.9,
      });
      answer = () => ({ status: 200, body: good({ score: 0.1 }) });
      expect(await send(intake, { ...validLead, recaptchaToken: "t" })).toMatchObject({
        status: "suspected-spam",
        captcha_score: 0.1,
      });
    } finally {
      await intake.close();
    }
  });

  it("delivers a verified lead to the inbox", async () => {
    const { env, intake } = await intakeWith();
    try {
      answer = () => ({ status: 200, body: good() });
      const sent = await send(intake, { ...validLead, recaptchaToken: "real-token" });
      expect(sent).toMatchObject({ http: 201, status: "accepted", captcha_score: 0.9 });
      await intake.flush();
      expect(emails(env).join("\n")).toContain(`${sent.id}@`);
    } finally {
      await intake.close();
    }
  });

  it("gives a client whose submissions go to review a much smaller budget", async () => {
    const { intake } = await intakeWith({ RATE_LIMIT_PER_MINUTE: "100" });
    try {
      const held = [];
      for (let i = 0; i < 5; i++) held.push((await send(intake, validLead, "192.0.2.77")).http);
      expect(held).toEqual([201, 201, 201, 429, 429]);
      answer = () => ({ status: 200, body: good() });
      expect((await send(intake, { ...validLead, recaptchaToken: "t" }, "192.0.2.77")).http).toBe(201);
      expect((await send(intake, validLead, "192.0.2.78")).http, "another client").toBe(201);
    } finally {
      await intake.close();
    }
  });

  it("mails a daily digest of the queue, and release or discard from the command line", async () => {
    const { env, intake } = await intakeWith();
    const cli = async (...args: string[]) => {
      let out = "";
      const code = await main(args, {
        env: { DATABASE_URL: env.DATABASE_URL, MAIL_DIR: env.MAIL_DIR },
        out: (text) => (out += text),
        err: (text) => (out += text),
      });
      return { code, out };
    };
    try {
      const first = await send(intake, { ...validLead, name: "Rosa Held" }, "192.0.2.10");
      const second = await send(intake, { ...validLead, name: "Otto Held", email: "otto@example.com" }, "192.0.2.11");
      expect(await intake.digest()).toBe(2);
      expect(await intake.digest(), "one digest a day").toBe(0);
      const [digest, ...rest] = emails(env);
      expect(rest).toEqual([]);
      expect(digest).toMatch(/Subject: Review queue: 2 submission\(s\) waiting/);
      // Listed by the reference people read aloud, which the commands take as well as the id.
      for (const text of [first.reference!, second.reference!, "Rosa Held", "review release ID"])
        expect(digest).toContain(text);
      expect(digest).not.toContain("otto@example.com");
      expect(digest).not.toContain("555-0142");

      const listed = await cli("review");
      expect(listed.out).toContain("2 waiting for review");
      expect(listed.out).toContain(first.id);
      expect((await cli("list")).out).toMatch(/Rosa Held <ana@example\.com> \[REVIEW\]/);

      expect(await cli("review", "release", first.reference!)).toMatchObject({ code: 0 });
      expect(await cli("review", "release", first.id!), "only once").toMatchObject({ code: 1 });
      expect(await cli("review", "discard", second.id!)).toMatchObject({ code: 0 });
      expect((await cli("review")).out).toContain("0 waiting for review");
      await intake.flush();
      expect(emails(env).join("\n")).toMatch(new RegExp(`^X-Lead-ID: ${first.id}$`, "mi"));
      expect(
        await intake.store.db.selectFrom("submissions").select("id").where("id", "=", second.id!).execute(),
      ).toEqual([]);
    } finally {
      await intake.close();
    }
  });
});

describe("the daily review digest", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reaches the firm through its mail server when the hourly check comes round, once a day", async () => {
    const smtp = await startSmtp();
    // Only the server's repeating checks run on the test's clock; mail, the store and the day are real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let today = new Date("2026-11-25T09:30:00Z");
    const { intake } = await intakeWith(
      { SMTP_URL: smtp.url, LEADS_EMAIL_TO: "intake@firm.example" },
      { now: () => today },
    );
    try {
      await send(intake, { ...validLead, name: "Rosa Held" }, "192.0.2.20");
      await vi.advanceTimersByTimeAsync(59 * 60_000);
      expect(smtp.received, "nothing before the hour").toHaveLength(0);
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => smtp.received.length === 1);
      expect(smtp.received[0]!.raw).toMatch(/^Subject: Review queue: 1 submission\(s\) waiting \(2026-11-25\)/m);
      expect(smtp.received[0]!.raw).toMatch(/^To: intake@firm\.example/m);
      expect(smtp.received[0]!.raw).toContain("Rosa Held");

      // The next day's check sends the next digest; the queue still waits.
      today = new Date("2026-11-26T09:30:00Z");
      await vi.advanceTimersByTimeAsync(3_600_000);
      await waitFor(() => smtp.received.length === 2);
      expect(smtp.received[1]!.raw).toMatch(/^Subject: Review queue: 1 submission\(s\) waiting \(2026-11-26\)/m);
    } finally {
      await intake.close();
      await smtp.close();
    }
  });
});

describe("without RECAPTCHA_SECRET", () => {
  it("keeps today's behaviour: placeholders accepted, flagged and emailed", async () => {
    const env = testEnv();
    const intake = await createIntake(env, { pollMs: 60_000 });
    try {
      verifications = 0;
      const sent = await send(intake, { ...validLead, recaptchaToken: captchaPlaceholder.error });
      expect(sent).toMatchObject({ http: 201, status: "accepted", flags: "captcha-placeholder" });
      expect(await send(intake, { ...validLead, recaptchaToken: "anything" })).toMatchObject({
        status: "accepted",
        flags: "captcha-unverified",
      });
      await intake.flush();
      expect(emails(env)).toHaveLength(2);
      expect(verifications).toBe(0);
    } finally {
      await intake.close();
    }
  });
});
