import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testEnv, validLead } from "../tests/support/intake";
import { tinySite } from "../tests/support/tiny-site";
import { createApp } from "./app";
import { createIntake, type Intake } from "./intake";
import { logTo } from "./log";

/** The server's log lines, as the process writes them to standard output. */
function capture(): { lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  restores.push(logTo((line) => void written.push(line)));
  return { lines: () => written.map((line): Record<string, unknown> => ({ ...(JSON.parse(line) as object) })) };
}
const restores: (() => void)[] = [];

describe("the server's log", () => {
  let intake: Intake;
  let app: Hono;
  const env = testEnv();
  beforeAll(async () => {
    intake = await createIntake(env, { pollMs: 60_000 });
    const api = new Hono();
    api.route("/", intake.app);
    api.get("/api/boom", () => {
      throw new Error("the store fell over");
    });
    app = createApp({ clientDir: tinySite(), api, allowedOrigins: new Set([new URL(env.SITE_URL).origin]) });
  });
  afterAll(() => intake.close());
  beforeEach(() => vi.stubEnv("LOG_LEVEL", "info"));
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const restore of restores.splice(0)) restore();
  });

  it("names every line of a request by the request's id, and never holds what the visitor sent", async () => {
    const log = capture();
    const response = await app.request("/api/leads?email=ana@example.com", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(env.SITE_URL).origin },
      body: JSON.stringify(validLead),
    });
    expect(response.status).toBe(201);
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(/^[\w-]{36}$/);
    const lines = log.lines();
    expect(lines.map((line) => line.event)).toEqual(expect.arrayContaining(["lead.accepted", "access"]));
    expect(lines.every((line) => line.request === id)).toBe(true);
    expect(lines.find((line) => line.event === "access")).toMatchObject({
      method: "POST",
      route: "/api/leads",
      status: 201,
    });
    const text = JSON.stringify(lines);
    for (const typed of ["ana@example.com", "Ana Ruiz", "555-0142", "green card"]) expect(text).not.toContain(typed);
  });

  it("logs pages by their path without the query, and unknown paths not at all", async () => {
    const log = capture();
    await app.request("/contact?name=Ana+Ruiz");
    await app.request("/ana.ruiz@example.com/my-case");
    expect(log.lines().map(({ route, status }) => ({ route, status }))).toEqual([
      { route: "/contact", status: 200 },
      { route: "*", status: 404 },
    ]);
    expect(JSON.stringify(log.lines())).not.toContain("Ana");
  });

  it("answers an unexpected error with 500 and logs it under the request's id", async () => {
    const log = capture();
    const response = await app.request("/api/boom");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ ok: false });
    const id = response.headers.get("X-Request-Id");
    expect(log.lines()).toEqual([
      expect.objectContaining({ event: "request.error", request: id, message: "the store fell over" }),
      expect.objectContaining({ event: "access", request: id, status: 500 }),
    ]);
  });
});
