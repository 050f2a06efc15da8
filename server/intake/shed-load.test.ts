import { afterEach, describe, expect, it } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import { applicationForm, testEnv, validLead } from "../../tests/support/intake";
import { createIntake, type Intake } from "./index";

const intakes: Intake[] = [];
afterEach(async () => {
  for (const intake of intakes.splice(0)) await intake.close();
});

async function start(shedAt: string) {
  const intake = await createIntake(testEnv({ UPLOAD_SHED_LOAD: shedAt }), { pollMs: 60_000 });
  intakes.push(intake);
  return intake;
}
const apply = (intake: Intake) =>
  intake.app.request("/api/careers", {
    method: "POST",
    body: applicationForm(new File([pdfBytes()], "cv.pdf", { type: "application/pdf" })),
  });
const invalidLead = (intake: Intake) =>
  intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...validLead, email: "not an address", message: "x".repeat(60_000) }),
  });

/** A lead whose body has begun to arrive and waits for `finish`: a post in progress. */
function leadInProgress(intake: Intake) {
  const encoded = new TextEncoder().encode(JSON.stringify(validLead));
  let finish: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoded.subarray(0, 10));
      finish = () => {
        controller.enqueue(encoded.subarray(10));
        controller.close();
      };
    },
  });
  const request = new Request("http://127.0.0.1/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  const answer: Promise<Response> = (async () => intake.app.fetch(request))();
  return { answer, finish: () => finish() };
}

describe("uploads give way to a flood of posts", () => {
  it("turns an application away with 503 and Retry-After while more posts than the bound are in progress, keeps taking leads, and takes it again once they are answered", async () => {
    const intake = await start("2");
    const held = [leadInProgress(intake), leadInProgress(intake), leadInProgress(intake)];
    const refused = await apply(intake);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    const lead = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(lead.status).toBe(201);
    for (const request of held) request.finish();
    expect((await Promise.all(held.map((request) => request.answer))).map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await apply(intake)).status).toBe(201);
  });

  it("takes every application sent among a stream of invalid posts, however busy the machine", async () => {
    const intake = await start("32");
    const statuses: number[] = [];
    for (let second = 0; second < 4; second++) {
      const invalid = Array.from({ length: 25 }, async () => invalidLead(intake));
      statuses.push((await apply(intake)).status);
      expect(new Set((await Promise.all(invalid)).map((r) => r.status))).toEqual(new Set([400]));
    }
    expect(statuses).toEqual([201, 201, 201, 201]);
  });
});
