import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import { applicationForm, testEnv, validLead } from "../../tests/support/intake";
import { createIntake, type Intake } from "./index";
import { readStoredResume } from "./uploads/resume-files";
import { messages } from "../../core/i18n";

let intake: Intake;
const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
  intake.app.request(path, { method: "POST", headers, body });
const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  post("/api/leads", JSON.stringify(body), { "content-type": "application/json", ...headers });

beforeAll(async () => {
  intake = await createIntake(testEnv(), { pollMs: 60_000 });
});
afterAll(async () => {
  await intake.close();
});

describe("POST /api/leads", () => {
  it("accepts a valid consultation request with 201 and stores it before answering", async () => {
    const response = await postJson(validLead);
    expect(response.status).toBe(201);
    const { ok, id } = (await response.json()) as { ok: boolean; id: string };
    expect(ok).toBe(true);
    const row = await intake.store.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "consultation",
      status: "accepted",
      name: "Ana Ruiz",
      office: "katy",
      flags: "captcha-placeholder",
    });
    const outbox = await intake.store.db
      .selectFrom("outbox")
      .selectAll()
      .where("submission_id", "=", id)
      .executeTakeFirst();
    expect(outbox?.sent_at).toBeNull();
  });

  it.each([
    ["name", "A", "Please enter your full name"],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["phone", "123", "Please enter a valid phone number"],
    ["message", "short", "Please add some details (at least 10 characters)"],
    ["consent", false, "You must agree to the privacy policy to continue"],
  ])("answers 400 with the form's own message for %s", async (field, value, message) => {
    const response = await postJson({ ...validLead, [field]: value });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, errors: { [field]: message } });
  });

  it("answers in Spanish for a Spanish request", async () => {
    const response = await postJson({ ...validLead, name: "", locale: "es" });
    expect(((await response.json()) as { errors: Record<string, string> }).errors.name).toBe(
      "Por favor, escriba su nombre completo",
    );
  });

  it("refuses text that is not text: invisible names, controls, bidi overrides, lone surrogates", async () => {
    const cases: [string, string][] = [
      ["name", "\u200B\u200B\u200B"],
      ["name", "Ana\u0000"],
      ["phone", "281 555 0142\u202E"],
      ["email", "ana@example.com\u0007"],
    ];
    for (const [field, value] of cases) {
      const response = await postJson({ ...validLead, [field]: value });
      expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
    }
    // A lone surrogate written as a JSON escape: never stored as invalid UTF-8.
    const raw = JSON.stringify(validLead).replace('"Ana Ruiz"', '"Ana \\ud800 Ruiz"');
    const response = await post("/api/leads", raw, { "content-type": "application/json" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.name).toBe(
      "Please remove invisible or control characters from this field",
    );
  });

  it("rejects an office outside the four offices", async () => {
    expect((await postJson({ ...validLead, office: "dallas" })).status).toBe(400);
  });

  it("answers a filled honeypot like a success, stores it as spam and sends nothing", async () => {
    const response = await postJson({ ...validLead, company: "Acme SEO" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await intake.store.db
      .selectFrom("submissions")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("spam");
    expect(
      await intake.store.db.selectFrom("outbox").select("id").where("submission_id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("answers 415 for an unexpected content type and 400 for malformed JSON", async () => {
    expect((await post("/api/leads", "hello", { "content-type": "text/plain" })).status).toBe(415);
    expect((await post("/api/leads", "{not json", { "content-type": "application/json" })).status).toBe(400);
    expect((await post("/api/leads", "[1,2]", { "content-type": "application/json" })).status).toBe(400);
  });

  it("answers 413 over the size limit, whatever Content-Length says", async () => {
    const big = JSON.stringify({ ...validLead, message: "x".repeat(70 * 1024) });
    expect((await post("/api/leads", big, { "content-type": "application/json" })).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("takes a form-encoded post without JavaScript and answers with a localized page", async () => {
    const form = new URLSearchParams({ ...validLead, consent: "true", locale: "es", page: "/es/contacto" });
    const ok = await post("/api/leads", form.toString(), {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
    });
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Recibimos su solicitud");
    const bad = await post(
      "/api/leads",
      new URLSearchParams({ name: "<script>x</script>", locale: "en", page: "//evil.example" }).toString(),
      {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
      },
    );
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain("Please enter a valid email address");
    expect(page).not.toContain("<script>x");
    expect(page).not.toContain("evil.example");
  });

  it("never answers random or malformed bodies with a server error", async () => {
    const contentTypes = [
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/plain",
      "",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contentTypes),
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.object().map((o) => JSON.stringify(o)),
          fc
            .record({
              name: fc.anything(),
              email: fc.anything(),
              consent: fc.anything(),
              office: fc.anything(),
              locale: fc.anything(),
            })
            .map((o) => JSON.stringify(o)),
        ),
        async (type, body) => {
          const response = await post("/api/leads", body, type ? { "content-type": type } : {});
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 2000 },
    );
    // Two thousand requests: seconds alone, a minute with neighbours on the two cores.
  }, 180_000);
});

describe("POST /api/careers", () => {
  const application = () =>
    applicationForm(undefined, {
      linkedin: "",
      company: "",
      locale: "en",
      job: "bilingual-legal-assistant",
      page: "/our-firm/join-our-team/bilingual-legal-assistant",
    });

  it("accepts an application with a resume and keeps the file", async () => {
    const form = application();
    form.set("resume", new File([pdfBytes()], "luis-vega.pdf", { type: "application/pdf" }));
    const response = await intake.app.request("/api/careers", { method: "POST", body: form });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await intake.store.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe("application");
    expect(row.resume_name).toBe("luis-vega.pdf");
    expect((await readStoredResume(intake.store, row))?.subarray(0, 4).toString()).toBe("%PDF");
    expect(row.resume_type).toBe("application/pdf");
  });

  it("refuses a resume of the wrong type", async () => {
    const form = application();
    form.set("resume", new File(["MZ"], "virus.exe"));
    const response = await intake.app.request("/api/careers", { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.resume).toBe(
      "Please attach a PDF, DOC or DOCX file",
    );
  });
});

describe("rate limit", () => {
  it("answers 429 when one client sends too many in a minute", async () => {
    const limited = await createIntake(testEnv({ RATE_LIMIT_PER_MINUTE: "3" }), { pollMs: 60_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await limited.app.request("/api/leads", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(validLead),
          })
        ).status,
      );
    await limited.close();
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});

describe("refusals that are not the visitor's fault", () => {
  const browserPost = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html,application/xhtml+xml",
    referer: "https://www.lfh-immigration.example/es/contacto",
  };
  const form = new URLSearchParams({ ...validLead, consent: "true", locale: "es" }).toString();

  it("answers a Spanish page's plain post that is rate limited with the Spanish result page and the number", async () => {
    const limited = await createIntake(testEnv({ RATE_LIMIT_PER_MINUTE: "1" }), { pollMs: 60_000 });
    try {
      await limited.app.request("/api/leads", { method: "POST", headers: browserPost, body: form });
      const response = await limited.app.request("/api/leads", { method: "POST", headers: browserPost, body: form });
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain('<html lang="es">');
      expect(html).toContain("<h1>Su solicitud todavía no se ha enviado</h1>");
      expect(html).toContain("No es un problema de lo que usted escribió.");
      expect(html).toMatch(/<a href="tel:\+1\d{10}">/);
      expect(html).toContain('href="/es/contacto"');
      expect(html).not.toContain("revise su solicitud");
      // A script's fetch from the same page gets the sentence in Spanish.
      const json = await limited.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": "es" },
        body: JSON.stringify(validLead),
      });
      expect(json.status).toBe(429);
      expect(await json.json()).toEqual({ ok: false, error: messages("es").result.rateLimited });
    } finally {
      await limited.close();
    }
  });

  it("answers 413 and 415 from a browser with the result page, not JSON in English", async () => {
    const roomy = await createIntake(testEnv({ RATE_LIMIT_PER_MINUTE: "1000" }), { pollMs: 60_000 });
    const post = (path: string, body: string, headers: Record<string, string>) =>
      roomy.app.request(path, { method: "POST", headers, body });
    onTestFinished(() => roomy.close());
    const big = await post("/api/leads", `${form}&message=${"x".repeat(70_000)}`, browserPost);
    expect(big.status).toBe(413);
    expect(await big.text()).toContain(messages("es").result.tooLarge);
    const odd = await post("/api/leads", form, { ...browserPost, "content-type": "text/plain" });
    expect(odd.status).toBe(415);
    expect(await odd.text()).toContain(messages("es").result.unsupported);
    const oddJson = await post("/api/leads", "{}", { "content-type": "text/plain", "accept-language": "es" });
    expect(await oddJson.json()).toEqual({ ok: false, error: messages("es").result.unsupported });
  });
});
