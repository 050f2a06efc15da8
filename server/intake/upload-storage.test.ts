import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import { applicationForm, testEnv } from "../../tests/support/intake";
import { createIntake, type Intake } from "./index";
import { storedResumeBytes } from "./store";

const cleanups: Intake[] = [];
afterEach(async () => {
  for (const intake of cleanups.splice(0)) await intake.close();
});

/** A valid PDF padded to `bytes`. */
const paddedPdf = (bytes: number) => {
  const head = Buffer.from(pdfBytes());
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
};

const application = (resume: Buffer): FormData => applicationForm(new File([new Uint8Array(resume)], "cv.pdf"));

async function start(overrides: Record<string, string> = {}) {
  const env = testEnv({ TRUST_PROXY: "1", ...overrides });
  const intake = await createIntake(env, { pollMs: 60_000 });
  cleanups.push(intake);
  const apply = async (resume: Buffer, client: string): Promise<Response> =>
    intake.app.request("/api/careers", {
      method: "POST",
      headers: { "x-forwarded-for": client },
      body: application(resume),
    });
  return { env, intake, apply };
}

describe("resume storage", () => {
  it("never stores more than UPLOAD_STORAGE_MB, however many uploads arrive at once", async () => {
    const { intake, apply } = await start({ UPLOAD_STORAGE_MB: "1" });
    const resume = paddedPdf(200 * 1024);
    const clients = Array.from({ length: 12 }, (_, i) => `192.0.2.${i + 1}`);
    const answered: number[] = [];
    // Every client sends at once, and again after a 503, until each has a final answer.
    let waiting = clients;
    while (waiting.length) {
      const statuses = await Promise.all(waiting.map((client) => apply(resume, client).then((r) => r.status)));
      answered.push(...statuses.filter((status) => status !== 503));
      waiting = waiting.filter((_, i) => statuses[i] === 503);
    }
    expect(answered.filter((status) => status === 201)).toHaveLength(5);
    expect(answered.filter((status) => status === 400)).toHaveLength(7);
    expect(await storedResumeBytes(intake.store)).toBeLessThanOrEqual(1024 * 1024);
  });

  it("writes each resume to its own owner-only file, and turns away uploads beyond a few at once", async () => {
    const { intake, apply } = await start();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => apply(paddedPdf(300 * 1024), `198.51.100.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    for (const busy of answers.filter((a) => a.status === 503)) expect(busy.headers.get("retry-after")).toBe("5");
    const dir = intake.store.resumeDir!;
    const files = readdirSync(dir);
    expect(files).toHaveLength(statuses.filter((s) => s === 201).length);
    for (const file of files) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const rows = await intake.store.db.selectFrom("submissions").select(["resume", "resume_file"]).execute();
    expect(rows.every((row) => row.resume === null && row.resume_file !== null)).toBe(true);
  });

  it("turns away an upload when those in progress already hold the bytes it would add, however few they are", async () => {
    const { intake } = await start();
    // A full-size application, as the browser sends it.
    const form = new Response(application(paddedPdf(5 * 1024 * 1024 - 4096)));
    const type = form.headers.get("content-type")!;
    const body = new Uint8Array(await form.arrayBuffer());
    // Two clients have sent all but the end of theirs and are still sending.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slow = async (client: string) =>
      intake.app.request("/api/careers", {
        method: "POST",
        headers: { "x-forwarded-for": client, "content-type": type },
        body: new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(body.slice(0, -100));
            await finished;
            controller.enqueue(body.slice(-100));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
    const sending = [slow("203.0.113.1"), slow("203.0.113.2")];
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A third client's upload would hold a third full body in memory: it waits its turn.
    const third = () =>
      intake.app.request("/api/careers", {
        method: "POST",
        headers: { "x-forwarded-for": "203.0.113.3", "content-type": type, "content-length": String(body.length) },
        body,
      });
    const refused = await third();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    finish();
    expect((await Promise.all(sending)).map((r) => r.status)).toEqual([201, 201]);
    expect((await third()).status).toBe(201);
  });
});
