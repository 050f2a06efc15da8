import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docBytes, docxBytes, makeZip, pdfBytes, zipFile } from "../../tests/support/files";
import { testEnv } from "../../tests/support/intake";
import { createIntake, type Intake } from "./index";
import { checkResume, zipBoundProblem } from "./upload";

const application = (resume: File, locale = "en") => {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fullName: "Luis Vega",
    email: "luis@example.com",
    phone: "2815550100",
    location: "houston",
    coverLetter: "I have five years of experience as a bilingual legal assistant in Houston.",
    consent: "true",
    locale,
  }))
    form.set(k, v);
  form.set("resume", resume);
  return form;
};

describe("resumes are checked by their bytes", () => {
  it.each([
    ["a PDF", pdfBytes(), "cv.pdf", "application/pdf"],
    ["a Word 97-2003 document", docBytes(), "cv.doc", "application/msword"],
    ["a DOCX", docxBytes(), "cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("accepts %s", async (_label, bytes, name, type) => {
    const checked = await checkResume(new File([bytes], name));
    expect(checked).toMatchObject({ ok: true, name, type });
  });

  it.each([
    [
      "an MZ executable named cv.pdf",
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode"),
      "cv.pdf",
    ],
    ["an HTML file named cv.pdf", Buffer.from("<!doctype html><script>alert(1)</script>"), "cv.pdf"],
    [
      "a zip that is not a Word document named cv.docx",
      zipFile([{ name: "a.txt", data: Buffer.from("hi") }]),
      "cv.docx",
    ],
  ])("refuses %s", async (_label, bytes, name) => {
    expect(await checkResume(new File([bytes], name))).toMatchObject({ ok: false, problem: "resumeContent" });
  });

  it("refuses a DOCX whose entries inflate past the bound, or lie about their size", async () => {
    const huge = makeZip([
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "word/document.xml", data: Buffer.alloc(1024), declaredSize: 1024 ** 3 },
    ]);
    expect(await zipBoundProblem(huge)).toBe("zip-inflates-too-large");
    const lying = docxBytes([
      { name: "word/media/image1.bin", data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1000 },
    ]);
    expect(lying.length).toBeLessThan(1024 * 1024);
    expect(await zipBoundProblem(Buffer.from(lying))).toMatch(/zip-/);
    expect((await checkResume(new File([lying], "cv.docx"))).ok).toBe(false);
    expect(await zipBoundProblem(Buffer.from(docxBytes()))).toBeUndefined();
  });
});

describe("POST /api/careers with a resume", () => {
  let intake: Intake;
  beforeAll(async () => {
    intake = await createIntake(testEnv({ UPLOAD_STORAGE_MB: "1" }), { pollMs: 60_000 });
  });
  afterAll(() => intake.close());

  it("refuses an executable named cv.pdf in the visitor's language", async () => {
    const exe = new File([Buffer.from("MZ\x90\x00 program")], "cv.pdf", { type: "application/pdf" });
    const response = await intake.app.request("/api/careers", { method: "POST", body: application(exe, "es") });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.resume).toBe(
      "Este archivo no parece un documento PDF, DOC o DOCX. Por favor, adjunte el documento en sí",
    );
  });

  it("stops taking files at the storage cap with a clear message, and keeps what is stored", async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(600 * 1024, 32)]);
    const first = await intake.app.request("/api/careers", {
      method: "POST",
      body: application(new File([big], "first.pdf")),
    });
    expect(first.status).toBe(201);
    const second = await intake.app.request("/api/careers", {
      method: "POST",
      body: application(new File([big], "second.pdf")),
    });
    expect(second.status).toBe(400);
    expect(((await second.json()) as { errors: Record<string, string> }).errors.resume).toMatch(
      /cannot receive files right now/,
    );
    const stored = await intake.store.db.selectFrom("submissions").select(["resume_name"]).execute();
    expect(stored.map((r) => r.resume_name)).toEqual(["first.pdf"]);
  });
});
