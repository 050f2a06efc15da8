import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { pdfBytes } from "../../../tests/support/files";
import { createUploadPool, Exhausted, inWorker, type UploadAnswer } from "./upload-workers";

const inspection = (answer: UploadAnswer) => ("inspection" in answer ? answer.inspection : answer);

describe("the upload workers", () => {
  const pools: { close: () => Promise<void> }[] = [];
  afterAll(() => Promise.all(pools.map((pool) => pool.close())));

  it("lends the file to the worker and gets it back with the answer, moved rather than copied", async () => {
    const bytes = pdfBytes().buffer;
    const size = bytes.byteLength;
    const answer = await inWorker({ task: "inspect", bytes });
    expect(bytes.byteLength).toBe(0);
    expect(answer).toMatchObject({ task: "inspect", inspection: { ok: true, extension: "pdf" } });
    expect("bytes" in answer && answer.bytes.byteLength).toBe(size);
  });

  it("answers work beyond its threads in turn, on no more threads than it was given", async () => {
    const pool = createUploadPool({ threads: 2, timeoutMs: 60_000, heapMb: 128 });
    pools.push(pool);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pool.run({ task: "inspect", bytes: pdfBytes().buffer })),
    );
    expect(answers.map(inspection)).toEqual(Array(6).fill({ ok: true, extension: "pdf" }));
    expect(pool.threads()).toBeLessThanOrEqual(2);
  });

  it("refuses work that runs out of time as exhausted", async () => {
    // A thread takes far longer than a millisecond to start, so the piece always runs out.
    const pool = createUploadPool({ threads: 1, timeoutMs: 1, heapMb: 128 });
    pools.push(pool);
    await expect(pool.run({ task: "inspect", bytes: pdfBytes().buffer })).rejects.toBeInstanceOf(Exhausted);
  });

  it("gives a malformed multipart body back as the body's own refusal", async () => {
    const body = new TextEncoder().encode("--x\r\nnot a part");
    const answer = await inWorker({
      task: "form-data",
      body,
      contentType: "multipart/form-data; boundary=x",
      rules: { maxBytes: 1024, known: new Set(["name"]) },
    });
    expect(answer).toMatchObject({ refused: { status: 400 } });
  });

  it("does not hold the process open once its work is done", async () => {
    // The server stops by closing its sockets and store; idle worker threads must not keep it alive.
    const dir = await mkdtemp(join(tmpdir(), "upload-workers-"));
    const script = join(dir, "once.mjs");
    const module = new URL("./upload-workers.ts", import.meta.url).href;
    await writeFile(
      script,
      `const { inWorker } = await import(${JSON.stringify(module)});
      const answer = await inWorker({ task: "inspect", bytes: new TextEncoder().encode("%PDF-1.4").buffer });
      console.log("task" in answer ? answer.task : "other");`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", import.meta.resolve("tsx"), script], {
      timeout: 100_000,
    });
    await rm(dir, { recursive: true });
    expect(stdout.trim()).toBe("inspect");
  });
});
